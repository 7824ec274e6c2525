import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";

/**
 * One raw connection for the backup tools (docs/decisions/0076): a `pg` client of its own (never
 * the app's pool) or a PGlite of its own on a directory. Rows come back as arrays of text, the
 * one form both engines print alike.
 */
export interface SqlConnection {
  engine: "postgres" | "pglite";
  /** Rows as arrays, in column order. */
  rows: (sql: string, params?: unknown[]) => Promise<unknown[][]>;
  exec: (sql: string) => Promise<void>;
  /** A Drizzle handle on this same connection (its statements join an open transaction). */
  drizzle: () => DrizzleOnConnection;
  close: () => Promise<void>;
}

export type DrizzleOnConnection = NodePgDatabase<Record<string, unknown>>;

/**
 * Every value is read as text, and text is printed the same way by both engines only when the
 * settings that shape it are fixed: time zone, date style, interval style, float digits, bytea.
 */
const CANONICAL_OUTPUT = [
  "set timezone = 'UTC'",
  "set datestyle = 'ISO, YMD'",
  "set intervalstyle = 'postgres'",
  "set extra_float_digits = 1",
  "set bytea_output = 'hex'",
  "set client_encoding = 'UTF8'",
].join(";\n");

export async function connectPostgres(url: string): Promise<SqlConnection> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // A connection lost between two statements is reported by the next one; without a listener
  // the client's 'error' event would end the process.
  client.on("error", () => {});
  await client.connect();
  await client.query(CANONICAL_OUTPUT);
  return {
    engine: "postgres",
    rows: async (sql, params) =>
      (await client.query({ text: sql, values: params, rowMode: "array" })).rows,
    exec: async (sql) => {
      await client.query(sql);
    },
    drizzle: () => drizzleNodePg({ client }) as DrizzleOnConnection,
    close: () => client.end(),
  };
}

/** PGlite on `databaseDir` (a DATA_DIR's `db` folder or a copy of one), created if empty. */
export async function connectPglite(databaseDir: string): Promise<SqlConnection> {
  const client = await PGlite.create(path.resolve(databaseDir), {
    extensions: { pg_trgm, unaccent },
  });
  await client.exec(CANONICAL_OUTPUT);
  return {
    engine: "pglite",
    rows: async (sql, params) =>
      (await client.query<unknown[]>(sql, params, { rowMode: "array" })).rows,
    exec: async (sql) => {
      await client.exec(sql);
    },
    drizzle: () => drizzlePglite({ client }) as unknown as DrizzleOnConnection,
    close: () => client.close(),
  };
}
