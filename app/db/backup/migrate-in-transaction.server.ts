import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER } from "../migration-journal.server";
import type { DrizzleOnConnection } from "./connection.server";

/**
 * Applies the first `count` committed migrations (all of them without a count) inside the
 * transaction the connection has open, with Drizzle's own migration step: the restore creates
 * the schema, loads the rows and finishes the upgrade as one transaction, which commits whole or
 * leaves the target as it was (docs/decisions/0076). Drizzle's migrate() would open and commit a
 * transaction of its own; its dialect's step is handed a session whose "transaction" is the one
 * already open.
 */
export async function migrateInTransaction(db: DrizzleOnConnection, count?: number): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const session = {
    execute: (query: Parameters<DrizzleOnConnection["execute"]>[0]) => db.execute(query),
    all: async (query: Parameters<DrizzleOnConnection["execute"]>[0]) =>
      (await db.execute(query)).rows,
    transaction: async (work: (tx: unknown) => Promise<void>) => work(session),
  };
  const dialect = (db as unknown as { dialect: { migrate: (...args: unknown[]) => Promise<void> } })
    .dialect;
  await dialect.migrate(migrations.slice(0, count ?? migrations.length), session, {
    migrationsFolder: MIGRATIONS_FOLDER,
  });
}
