import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import {
  type FixtureServer,
  type FixtureServerOptions,
  startFixtureServer,
} from "./fixture-server";

/**
 * The security suite's server (tests/e2e/security-*.test.ts): a fixture server
 * (tests/helpers/fixture-server.ts) that also photographs the database before the server
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

export interface SecurityServer<K extends string> extends FixtureServer<K> {
  /** The database as seeded, before the server started. */
  before: Record<string, string[]>;
  /** Stops the server (keeping DATA_DIR) and returns the database as it is now. */
  stopAndSnapshot: () => Promise<Record<string, string[]>>;
}

export async function startSecurityServer<K extends string>(
  options: FixtureServerOptions<K>,
): Promise<SecurityServer<K>> {
  let before: Record<string, string[]> = {};
  const server = await startFixtureServer({
    ...options,
    // The snapshot is taken after the test's own preparation: "as seeded" includes it.
    beforeStart: async (db, accounts) => {
      await options.beforeStart?.(db, accounts);
      before = await databaseSnapshot(db);
    },
  });
  return Object.assign(server, {
    before,
    stopAndSnapshot: () => server.stopAndInspect(databaseSnapshot),
  });
}
