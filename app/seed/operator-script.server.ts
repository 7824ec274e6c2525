import { type ParseArgsConfig, parseArgs } from "node:util";
import { ConfigError, type Env, env } from "~/config/env.server";
import {
  closeDatabase,
  type Database,
  type DatabaseTarget,
  databaseTargetFromEnv,
  openDatabase,
} from "~/db/client.server";
import { DataDirLockedError } from "~/db/lock.server";

/**
 * The frame of every operator command (seed, admin:create, db:migrate): read the
 * configuration, open the database when the command asks, turn known failures into one clear
 * line, always close the database (PGlite holds a lock file), and exit non-zero on failure.
 */

/** A failure the operator can fix; printed as its message alone, without a stack trace. */
export class OperatorError extends Error {
  override name = "OperatorError";
}

export interface OperatorContext {
  config: Env;
  target: DatabaseTarget;
  /** Opens (and migrates) the configured database; call it once inputs have been checked. */
  open: () => Promise<Database>;
  /** Aborted by Ctrl-C: long commands stop at the next safe point. */
  signal: AbortSignal;
}

const KNOWN_ERRORS = new Set([
  "OperatorError",
  "ConfigError",
  "DataDirLockedError",
  "MigrationError",
  "BulkSeedError",
  "EmailAlreadyRegisteredError",
  "BackupFileError",
  "BackupSourceError",
  "TargetNotEmptyError",
]);
const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EAI_AGAIN"]);

export async function runOperatorScript(
  name: string,
  task: (context: OperatorContext) => Promise<void>,
): Promise<never> {
  const interruption = new AbortController();
  const onInterrupt = () => {
    if (interruption.signal.aborted) process.exit(130);
    process.stderr.write(
      `\n${name}: interrupted, stopping at the next safe point (Ctrl-C again to force)\n`,
    );
    interruption.abort(new OperatorError("Interrupted before finishing: nothing was committed."));
  };
  process.on("SIGINT", onInterrupt);

  let exitCode = 0;
  try {
    const config = env();
    const target = databaseTargetFromEnv(config);
    await task({
      config,
      target,
      open: () => openDatabase(target),
      signal: interruption.signal,
    });
  } catch (error) {
    exitCode = 1;
    console.error(`${name}: ${describeFailure(error)}`);
  } finally {
    try {
      await closeDatabase();
    } catch (error) {
      exitCode = 1;
      console.error(`${name}: could not close the database cleanly: ${describeFailure(error)}`);
    }
  }
  if (interruption.signal.aborted) exitCode = 130;
  process.exit(exitCode);
}

/**
 * The command's --options (strings), its boolean `flags`, and with `positionals` its plain
 * arguments (--help / -h prints `usage` and exits 0). An unknown or malformed option, or an
 * argument the command takes none of, is an OperatorError that shows the usage.
 */
export function parseOptions<Names extends string, Flags extends string = never>(
  names: readonly Names[],
  usage: string,
  extra: { flags?: readonly Flags[]; positionals?: boolean } = {},
): Partial<Record<Names, string>> & Partial<Record<Flags, boolean>> & { positionals: string[] } {
  const options: ParseArgsConfig["options"] = { help: { type: "boolean", short: "h" } };
  for (const name of names) options[name] = { type: "string" };
  for (const flag of extra.flags ?? []) options[flag] = { type: "boolean" };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      options,
      args: process.argv.slice(2),
      allowPositionals: extra.positionals ?? false,
    });
  } catch (error) {
    throw new OperatorError(`${(error as Error).message}\n\n${usage}`);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return { ...parsed.values, positionals: parsed.positionals } as Partial<Record<Names, string>> &
    Partial<Record<Flags, boolean>> & { positionals: string[] };
}

/** "PostgreSQL seed_scratch at 127.0.0.1:5432" or "the embedded database in /data". */
export function describeTarget(target: DatabaseTarget): string {
  if ("dataDir" in target) return `the embedded database in ${target.dataDir}`;
  const url = new URL(target.url);
  return `PostgreSQL database ${url.pathname.slice(1) || "(default)"} at ${url.host}`;
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (
    KNOWN_ERRORS.has(error.name) ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError
  ) {
    return error.message;
  }
  const code = (error as { code?: string }).code;
  if (code && CONNECTION_ERRORS.has(code)) {
    return `cannot reach the database server (${code}): ${error.message}. Is it running, and is DATABASE_URL right?`;
  }
  // PostgreSQL: 3D000 unknown database, 28P01/28000 authentication refused.
  if (code === "3D000" || code === "28P01" || code === "28000") {
    return `the database refused the connection: ${error.message}. Check DATABASE_URL.`;
  }
  const databaseError = error.cause instanceof Error ? error.cause : null;
  if (databaseError && error.message.startsWith("Failed query")) {
    // Drizzle's message repeats the whole statement and its parameters: far too long to read.
    const statement = error.message.split("\n")[0]?.slice(0, 200);
    return `database error: ${databaseError.message}\n  in ${statement}...`;
  }
  return `unexpected error:\n${error.stack ?? error.message}`;
}
