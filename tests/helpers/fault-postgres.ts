import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./net";

const run = promisify(execFile);

/**
 * A private PostgreSQL 15 cluster for the fault tests: its own data directory, socket directory
 * and port under a temp folder, started and stopped by the test (pg_ctl), so an outage hits
 * nobody else. initdb refuses root, so as root the binaries run as the `postgres` OS user.
 */
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PrivateCluster {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlFor: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  /** pg_ctl stop with the given mode, waiting until the server is down. */
  stop: (mode: "fast" | "immediate") => Promise<void>;
  /** pg_ctl start on the same port, waiting until it accepts connections. */
  start: () => Promise<void>;
  /** Stops the cluster (if running) and deletes its folder. */
  destroy: () => Promise<void>;
}

/** Why a private cluster cannot run here, or undefined when it can. */
export function privateClusterUnavailable(): string | undefined {
  for (const binary of ["initdb", "pg_ctl", "psql"]) {
    if (!existsSync(path.join(PG_BIN, binary))) return `${PG_BIN}/${binary} is missing`;
  }
  if (process.getuid?.() === 0 && !existsSync("/usr/sbin/runuser")) return "runuser is missing";
  return undefined;
}

/** Runs a PostgreSQL binary, as the postgres user when the tests run as root. */
async function pgBinary(binary: string, args: string[]): Promise<string> {
  const command = path.join(PG_BIN, binary);
  const asRoot = process.getuid?.() === 0;
  const { stdout } = await run(
    asRoot ? "/usr/sbin/runuser" : command,
    asRoot ? ["-u", "postgres", "--", command, ...args] : args,
    { timeout: 60_000 },
  );
  return stdout;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const root = await mkdtemp(path.join(tmpdir(), "fault-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: gid } = await run("id", ["-g", "postgres"]);
    await chown(root, Number(stdout.trim()), Number(gid.trim()));
  }
  await chmod(root, 0o700);
  const port = await freePort();
  let running = false;

  const options = [
    `-p ${port}`,
    `-k ${root}`,
    "-c listen_addresses=127.0.0.1",
    // A throwaway cluster: no fsync (only an OS crash would lose data). Commits stay synchronous,
    // so an immediate stop (a PostgreSQL crash) keeps every committed row, as in production.
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c shared_buffers=32MB",
  ].join(" ");

  const start = async () => {
    await pgBinary("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      logFile,
      "-o",
      options,
      "-w",
      "-t",
      "60",
      "start",
    ]);
    running = true;
  };
  const stop = async (mode: "fast" | "immediate") => {
    await pgBinary("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
    running = false;
  };
  const psql = (sql: string) =>
    pgBinary("psql", [
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-U",
      "postgres",
      "-d",
      "postgres",
      "-v",
      "ON_ERROR_STOP=1",
      "-qc",
      sql,
    ]);

  try {
    await pgBinary("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--no-sync",
    ]);
    await start();
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: async (name) => {
      await psql(`create database ${name}`);
    },
    stop,
    start,
    destroy: async () => {
      if (running) await stop("immediate").catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}
