import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PROJECT_ROOT } from "./server";

/**
 * Databases as earlier releases left them (issue 40, item 5): the app's own migrator over a
 * migrations folder that holds only the first migrations of the journal, on either engine.
 */

const MIGRATIONS = path.join(PROJECT_ROOT, "app/db/migrations");

export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export const journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS, "meta/_journal.json"), "utf8"),
) as { entries: JournalEntry[] };

/** The tables a migration of the journal creates (`CREATE TABLE "name"`), in its order. */
export function tablesCreatedBy(entry: JournalEntry): string[] {
  const sql = readFileSync(path.join(MIGRATIONS, `${entry.tag}.sql`), "utf8");
  return [...sql.matchAll(/CREATE TABLE (?:IF NOT EXISTS )?"([a-z_]+)"/gi)].map((m) => m[1] ?? "");
}

/** A migrations folder (under `root`) holding the first `count` migrations of the journal. */
export function releaseFolder(root: string, count: number): string {
  const folder = path.join(root, `release-${count}`);
  cpSync(MIGRATIONS, folder, { recursive: true });
  const entries = journal.entries.slice(0, count);
  writeFileSync(
    path.join(folder, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  return folder;
}

/** A database with the app's migrator and raw SQL. */
export interface MigratingDatabase {
  /** Applies the migrations in `folder` not applied yet, as the server does at start. */
  migrate: (folder: string) => Promise<void>;
  exec: (sql: string) => Promise<void>;
  rows: <T>(sql: string) => Promise<T[]>;
  close: () => Promise<void>;
}

/** PGlite in memory, or in `dataDir`/db as the server keeps it. */
export async function pgliteDatabase(dataDir?: string): Promise<MigratingDatabase> {
  const client = await PGlite.create(dataDir ? path.join(dataDir, "db") : undefined, {
    extensions: { pg_trgm, unaccent },
  });
  const db = drizzlePglite({ client });
  return {
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    exec: async (sql) => {
      await client.exec(sql);
    },
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => client.close(),
  };
}

/** The PostgreSQL database at `url`. */
export function postgresDatabase(url: string): MigratingDatabase {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzleNodePg({ client: pool });
  return {
    migrate: (folder) => migrateNodePg(db, { migrationsFolder: folder }),
    exec: async (sql) => {
      await pool.query(sql);
    },
    rows: async <T>(sql: string) => (await pool.query(sql)).rows as T[],
    close: () => pool.end(),
  };
}
