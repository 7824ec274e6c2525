import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DatabaseTarget } from "./client.server";
import { acquireDataDirLock } from "./lock.server";

/**
 * Which committed migrations a database has already applied, so `npm run db:migrate` can say
 * what it did (the committed ones: migration-journal.server.ts).
 */
const APPLIED_QUERY = "select created_at from drizzle.__drizzle_migrations";

/** Journal timestamps of the applied migrations; empty for a database not created yet. */
export async function appliedMigrationTimes(target: DatabaseTarget): Promise<Set<number>> {
  return "url" in target ? appliedOnServer(target.url) : appliedEmbedded(target.dataDir);
}

async function appliedOnServer(url: string): Promise<Set<number>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await readApplied((sql) => client.query<{ created_at: string }>(sql));
  } finally {
    await client.end();
  }
}

async function appliedEmbedded(dataDir: string): Promise<Set<number>> {
  const folder = path.join(dataDir, "db");
  if (!existsSync(folder) || readdirSync(folder).length === 0) return new Set();
  // The same lock as the server's: a running server makes this fail with its clear message.
  const release = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(folder);
    try {
      return await readApplied((sql) => client.query<{ created_at: string }>(sql));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function readApplied(
  query: (sql: string) => Promise<{ rows: { created_at: string | number }[] }>,
): Promise<Set<number>> {
  try {
    const result = await query(APPLIED_QUERY);
    return new Set(result.rows.map((row) => Number(row.created_at)));
  } catch (error) {
    // 42P01 / 3F000: no migrations table or schema yet, so nothing was applied.
    const code = (error as { code?: string }).code;
    if (code === "42P01" || code === "3F000") return new Set();
    throw error;
  }
}
