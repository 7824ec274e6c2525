import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { isBackupFileName, type Manifest } from "~/db/backup/format";
import { backupLines } from "./backups";
import { PROJECT_ROOT } from "./server";

/**
 * The backup commands (issue 40, items 1-3) run as an operator runs them: `npm run backup`,
 * `npm run restore`, `npm run db:move` are `tsx scripts/<name>.ts`, started here the same way,
 * from the project's folder, with the database named by DATA_DIR or DATABASE_URL alone.
 */

export type OperatorScript = "backup" | "restore" | "db-move";

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Both, for assertion messages. */
  output: string;
}

/** A command that runs longer than this hangs: a restore of the demo takes seconds. */
const COMMAND_LIMIT_MS = 180_000;

/**
 * Runs scripts/<script>.ts with `args`. The environment is the operator's: what Vitest adds that
 * the commands read (NODE_ENV=test, Vite's BASE_URL "/") and any database or backup setting of
 * the runner are dropped; `env` names the database (DATA_DIR, DATABASE_URL). The command runs in
 * a process group of its own (tsx starts node again as its child), ended whole if it hangs.
 */
export function runOperatorCommand(
  script: OperatorScript,
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "NODE_ENV",
    "BASE_URL",
    "DATABASE_URL",
    "DATA_DIR",
    "BACKUP_DIR",
    "BACKUP_INTERVAL",
    "SESSION_SECRET",
  ]) {
    delete childEnv[name];
  }
  Object.assign(childEnv, env);
  const child = spawn(
    process.execPath,
    [
      path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(PROJECT_ROOT, `scripts/${script}.ts`),
      ...args,
    ],
    { cwd: PROJECT_ROOT, env: childEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      reject(
        new Error(
          `${script} ${args.join(" ")} ran longer than ${COMMAND_LIMIT_MS / 1000} s\n${stdout}${stderr}`,
        ),
      );
    }, COMMAND_LIMIT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        output: `--- stdout ---\n${stdout}--- stderr ---\n${stderr}`,
      });
    });
  });
}

/** The backup files in `dir` (`conecta-<time>.backup.gz`, whole ones only), oldest first. */
export async function backupFilesIn(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names
    .filter(isBackupFileName)
    .sort()
    .map((name) => path.join(dir, name));
}

/** The manifest of a backup file: its trailer, the last line. */
export async function manifestOf(file: string): Promise<Manifest> {
  const trailer = JSON.parse((await backupLines(file)).at(-1) ?? "{}") as {
    manifest?: Manifest;
    complete?: boolean;
  };
  if (!trailer.complete || !trailer.manifest) throw new Error(`${file} has no trailer`);
  return trailer.manifest;
}

/** The rows of one table in a backup file, as text arrays by column name. */
export async function tableRowsOf(
  file: string,
  table: string,
): Promise<Record<string, string | null>[]> {
  const lines = await backupLines(file);
  const start = lines.findIndex((line) => line.startsWith(`{"table":${JSON.stringify(table)},`));
  if (start < 0) throw new Error(`${file} has no table ${table}`);
  const { columns } = JSON.parse(lines[start] ?? "{}") as { columns: { name: string }[] };
  const rows: Record<string, string | null>[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith("[")) break;
    const values = JSON.parse(line) as (string | null)[];
    rows.push(
      Object.fromEntries(columns.map((column, index) => [column.name, values[index] ?? null])),
    );
  }
  return rows;
}
