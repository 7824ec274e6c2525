import { rm } from "node:fs/promises";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { closeDatabase, type Database, openDatabase } from "~/db/client.server";
import * as schema from "~/db/schema";
import { type AccountSpec, migratedDataDir, type SeededAccount, seedAccounts } from "./accounts";
import { type ApplicationSeed, type EventSeed, seedRows } from "./members";
import { type RunningServer, startServer } from "./server";

/**
 * The security suite's server (tests/e2e/security-*.test.ts): a production build on an embedded
 * database holding exactly the given accounts, events and applications, with TRUST_PROXY on so
 * each client poses as its own address. It also photographs the database before the server
 * starts, so a test can prove that everything it threw at the server changed nothing.
 */

/** Tables that change on every request and say nothing about the data a person owns. */
const VOLATILE_TABLES = new Set(["sessions", "rate_limits"]);

/** Every row of every table but the volatile ones, as sorted JSON lines per table. */
export async function databaseSnapshot(db: Database): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const name = getTableName(table);
    if (VOLATILE_TABLES.has(name)) continue;
    const rows = await db.select().from(table);
    snapshot[name] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value) =>
          value instanceof Buffer ? `bytes:${value.length}` : value,
        ),
      )
      .sort();
  }
  return snapshot;
}

export interface SecurityServer<K extends string> extends RunningServer {
  accounts: Record<K, SeededAccount>;
  ids: Record<string, string>;
  mailDir: string;
  /** The database as seeded, before the server started. */
  before: Record<string, string[]>;
  /** Stops the server (keeping DATA_DIR) and returns the database as it is now. */
  stopAndSnapshot: () => Promise<Record<string, string[]>>;
  /** Stops the server (keeping DATA_DIR) and runs `inspect` on its database. */
  stopAndInspect: <T>(inspect: (db: Database) => Promise<T>) => Promise<T>;
  /** Starts the server again on the same DATA_DIR (same sessions); the returned URL is new. */
  restart: () => Promise<RunningServer>;
}

export async function startSecurityServer<K extends string>(options: {
  accounts: Record<K, AccountSpec>;
  events?: EventSeed[];
  applications?: ApplicationSeed[];
  env?: Record<string, string | undefined>;
}): Promise<SecurityServer<K>> {
  const dataDir = await migratedDataDir();
  try {
    const accounts = await seedAccounts(dataDir, options.accounts);
    const ids = await seedRows(dataDir, accounts as Record<string, SeededAccount>, options);
    const before = await databaseSnapshot(await openDatabase({ dataDir }));
    await closeDatabase();
    const env = { TRUST_PROXY: "true", ...options.env };
    let current = await startServer({ dataDir, env });
    const result: SecurityServer<K> = {
      ...current,
      accounts,
      ids,
      mailDir: path.join(dataDir, "mail"),
      before,
      stopAndSnapshot: () => result.stopAndInspect(databaseSnapshot),
      stopAndInspect: async (inspect) => {
        await current.stop();
        try {
          return await inspect(await openDatabase({ dataDir }));
        } finally {
          await closeDatabase();
        }
      },
      restart: async () => {
        current = await startServer({ dataDir, env });
        Object.assign(result, { url: current.url, port: current.port, process: current.process });
        Object.assign(result, {
          exited: current.exited,
          logs: current.logs,
          logEntries: current.logEntries,
        });
        return current;
      },
      stop: async () => {
        const exit = await current.stop();
        await rm(dataDir, { recursive: true, force: true });
        return exit;
      },
    };
    return result;
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
