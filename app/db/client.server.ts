import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { waitForTurn } from "~/lib/event-loop-turn";
import { log } from "~/lib/log.server";
import { databaseQueryDuration, scrapedGauge } from "~/lib/metrics.server";
import { narrowTree, preparePrivateDir } from "~/lib/private-files.server";
import { acquireDataDirLock } from "./lock.server";
import { committedMigrations, MIGRATIONS_FOLDER } from "./migration-journal.server";
import * as schema from "./schema";

/**
 * One database handle per process: PGlite in DATA_DIR/db by default, PostgreSQL through a `pg`
 * pool when a URL is given. Both speak the same SQL, so the rest of the app sees one type.
 */
export type Database = NodePgDatabase<typeof schema>;

/** The handle a `db().transaction(...)` callback gets: work that must commit or roll back together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseTarget = { url: string } | { dataDir: string };

interface OpenDatabase {
  db: Database;
  ping: () => Promise<void>;
  /** Periodic upkeep the engine does not do by itself. */
  maintain: () => Promise<void>;
  close: () => Promise<void>;
}

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 4_711_2026;

// A globalThis slot survives the dev server's module reloads, which would otherwise open PGlite twice.
const slot = globalThis as typeof globalThis & {
  __conectaDatabase?: { opening: Promise<OpenDatabase>; open?: OpenDatabase };
};

/** Opens (once per process) and migrates the database; later calls share the same handle. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (!slot.__conectaDatabase) {
    const opening = "url" in target ? openPostgres(target.url) : openPglite(target.dataDir);
    const entry: { opening: Promise<OpenDatabase>; open?: OpenDatabase } = { opening };
    slot.__conectaDatabase = entry;
    opening.then(
      (open) => {
        entry.open = open;
      },
      () => {
        if (slot.__conectaDatabase === entry) slot.__conectaDatabase = undefined;
      },
    );
  }
  return (await slot.__conectaDatabase.opening).db;
}

/** The open handle. The server opens the database before it accepts requests. */
export function db(): Database {
  const open = slot.__conectaDatabase?.open;
  if (!open) throw new Error("Database not opened: call openDatabase() first");
  return open.db;
}

/** Resolves when the database answers a trivial query; rejects otherwise (readiness probe). */
export async function pingDatabase(): Promise<void> {
  const open = slot.__conectaDatabase?.open;
  if (!open) throw new Error("Database not opened");
  await open.ping();
}

/**
 * Refreshes the planner's statistics where nothing else does: PGlite runs no autovacuum daemon,
 * so after bulk inserts its plans (the trigram search indexes above all) would rest on stale row
 * counts; and vacuums the directory's narrow search table, whose index-only walks need its
 * visibility map. A PostgreSQL server's autovacuum does this itself.
 */
export async function maintainDatabase(): Promise<void> {
  const open = slot.__conectaDatabase?.open;
  if (!open) throw new Error("Database not opened");
  await open.maintain();
}

export async function closeDatabase(): Promise<void> {
  const entry = slot.__conectaDatabase;
  slot.__conectaDatabase = undefined;
  if (entry) await (await entry.opening).close();
}

/**
 * PGlite runs each query inside this thread, synchronously, and a query's promise resolves in a
 * microtask: a request's queries, one after the other, would run as one task however many there
 * are, and other requests (a /healthz probe, a page) would wait for all of them. Each query waits
 * for a turn of the event loop of its own (docs/decisions/0023 and 0060), so the sockets are read
 * between any two queries, whoever runs them.
 */
function yieldBeforeEachQuery(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite["query"]>) => {
    const stop = databaseQueryDuration.startTimer({ engine: "pglite" });
    try {
      await waitForTurn();
      return await query(...args);
    } finally {
      stop();
    }
  }) as PGlite["query"];
}

/**
 * Times every query a pooled client runs (ADR 0074). `pg` calls a client's query with a callback
 * (the pool's own query) or without (Drizzle, transactions), and hands back a submittable object
 * for cursors and streams: each form keeps its shape, the timer stops when the result arrives.
 */
function timeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const stop = databaseQueryDuration.startTimer({ engine: "postgres" });
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (...results: unknown[]) => {
        stop();
        return callback(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) return result.finally(() => stop());
    stop();
    return result;
  };
}

/** The open PostgreSQL pool, if any, for its gauge. */
let openPool: pg.Pool | undefined;

// The pool's connections, read when metrics are scraped (ADR 0074); no series on PGlite.
scrapedGauge({
  name: "conecta_db_pool_connections",
  help: "PostgreSQL pool connections: open (total), idle, and requests waiting for one.",
  labelNames: ["state"] as const,
  read: async () =>
    openPool
      ? [
          { labels: { state: "total" }, value: openPool.totalCount },
          { labels: { state: "idle" }, value: openPool.idleCount },
          { labels: { state: "waiting" }, value: openPool.waitingCount },
        ]
      : [],
});

/**
 * PGlite's own start parameters, with a buffer pool of 32 MB instead of PostgreSQL's 128 MB. The
 * pool lives in the WebAssembly memory, inside this process, which PGlite touches at start and
 * never gives back: the smaller pool took about 100 MB off the process, idle and under load, at
 * no cost measured on the 10k dataset (docs/decisions/0041). Pages outside the pool are still in
 * the operating system's file cache.
 */
const PGLITE_SHARED_BUFFERS = "32MB";
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
];

/**
 * The planner's statistics, from smaller samples than PostgreSQL's. `analyze` reads 300 rows per
 * unit of statistics target from each table into the WebAssembly memory, which PGlite never gives
 * back: at the default target (100, so 30 000 rows) the events table's sample, descriptions and
 * all, grew the process by about 40 MB for good (docs/decisions/0064). Every table is sampled at
 * 30 (9 000 rows), then the directory's search tables again at the default: their estimates pick
 * the search's tier and plan (ADR 0040), and their rows are narrow.
 */
const PGLITE_ANALYZE = [
  "set default_statistics_target = 30",
  "analyze",
  "reset default_statistics_target",
  "analyze institutions, directory_search",
].join(";\n");

async function openPglite(dataDir: string): Promise<OpenDatabase> {
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const databaseDir = path.join(dataDir, "db");
    preparePrivateDir(databaseDir);
    const client = await PGlite.create(databaseDir, {
      extensions: { pg_trgm, unaccent },
      startParams: PGLITE_START_PARAMS,
    });
    yieldBeforeEachQuery(client);
    const database = drizzlePglite({ client, schema });
    await migrateOrExplain(
      () => migratePglite(database, { migrationsFolder: MIGRATIONS_FOLDER }),
      async (sql) => (await client.query<{ created_at: string | number }>(sql)).rows,
    );
    narrowTree(databaseDir);
    return {
      db: database as unknown as Database,
      ping: async () => {
        await client.query("select 1");
      },
      maintain: async () => {
        // The directory search's walks read directory_search_walk_idx alone once the table's
        // pages are marked all-visible, which only a vacuum does (ADR 0040).
        await client.exec("vacuum directory_search");
        await client.exec(PGLITE_ANALYZE);
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the pool replaces it.
  pool.on("error", (error) => log.error({ err: error }, "database: idle connection lost"));
  // A client checked out of the pool (a transaction between two statements) has no pool listener:
  // its lost connection was an uncaught 'error' event that ended the process (the fault-postgres
  // test caught it once a read ran in a transaction). With this one its next query fails
  // instead, the request gets the friendly error, and the pool drops the client on release.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn({ err: error }, "database: connection lost in use"));
    timeQueries(client);
  });
  await migrateUnderLock(pool);
  openPool = pool;
  return {
    db: drizzleNodePg({ client: pool, schema }),
    ping: async () => {
      await pool.query("select 1");
    },
    maintain: async () => {},
    close: async () => {
      if (openPool === pool) openPool = undefined;
      await pool.end();
    },
  };
}

/** Several app instances may start together on one server: only one migrates at a time. */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migrateOrExplain(
        () =>
          migrateNodePg(drizzleNodePg({ client, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          }),
        async (sql) => (await client.query<{ created_at: string | number }>(sql)).rows,
      );
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The database could not be brought to this release's schema; it is as it was (the message says what to do). */
export class MigrationError extends Error {
  override name = "MigrationError";
}

/**
 * Runs the migrator; a failure becomes a MigrationError that names the pending migrations, the
 * cause and what to do. Drizzle applies every pending migration in one transaction, so a failed
 * upgrade leaves the database exactly as it was before this start (issue 40, item 5).
 */
async function migrateOrExplain(
  migrate: () => Promise<void>,
  appliedRows: (sql: string) => Promise<{ created_at: string | number }[]>,
): Promise<void> {
  try {
    await migrate();
  } catch (error) {
    let pending: string[] = [];
    try {
      const applied = new Set(
        (await appliedRows("select created_at from drizzle.__drizzle_migrations")).map((row) =>
          Number(row.created_at),
        ),
      );
      pending = committedMigrations()
        .filter((entry) => !applied.has(entry.when))
        .map((entry) => entry.tag);
    } catch {
      // The connection itself failed: the cause below says so.
    }
    const cause = error instanceof Error ? (error.cause ?? error) : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    const which =
      pending.length > 0
        ? ` (pending: ${pending[0]}${pending.length > 1 ? ` … ${pending.at(-1)}` : ""})`
        : "";
    throw new MigrationError(
      [
        `The database was not upgraded to this release: a migration failed${which}.`,
        `  Cause: ${reason}`,
        "Pending migrations run in one transaction, so the database is exactly as it was before this start.",
        'What to do: start the release that last ran on this database again, or fix the cause and start this one again (docs/operations.md, "Upgrading").',
      ].join("\n"),
      { cause: error },
    );
  }
}

export function databaseTargetFromEnv(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): DatabaseTarget {
  return config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR };
}
