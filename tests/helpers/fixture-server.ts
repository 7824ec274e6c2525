import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  closeDatabase,
  type Database,
  type DatabaseTarget,
  openDatabase,
} from "~/db/client.server";
import { type AccountSpec, type SeededAccount, seedAccounts } from "./accounts";
import { migratedDataDir } from "./data-dir";
import { databaseKind } from "./database";
import { type ApplicationSeed, type EventSeed, seedRows } from "./members";
import { createScratchDatabase } from "./postgres";
import { type RunningServer, type ServerOptions, startServer } from "./server";

/**
 * The one way tests start a server of their own on fixture data: a copy of the migrated template
 * DATA_DIR (tests/helpers/data-dir.ts, so nothing migrates twice) holding exactly the given
 * accounts (through the app's own account creation), events and applications, written before the
 * server opens the directory (PGlite allows one process). The server runs as deployed
 * (NODE_ENV=production, a SESSION_SECRET of its own): React's production build renders the pages,
 * as it does for people, at a third of the development build's CPU. TRUST_PROXY is on, so each
 * client can pose as its own address (X-Forwarded-For) and the per-IP rate limits of one test
 * never touch another. No demo data is generated (the database is not empty). The shared server of the e2e
 * project (tests/e2e/global-setup.ts, demo data) serves the tests that need no data of their own.
 *
 * The database is the run's kind (tests/helpers/database.ts): in the pooled e2e project with
 * TEST_DATABASE_URL set, a database on that server cloned from the migrated template (the server
 * gets DATABASE_URL and an empty DATA_DIR for its mail and pictures), which starts and serves at
 * a fraction of embedded PGlite's CPU (docs/decisions/0024); otherwise the copied DATA_DIR.
 */

export interface FixtureServerOptions<K extends string> extends Omit<ServerOptions, "dataDir"> {
  accounts: Record<K, AccountSpec>;
  events?: EventSeed[];
  applications?: ApplicationSeed[];
  /** Runs on the seeded database before the server starts (more rows, a snapshot ...). */
  beforeStart?: (db: Database, accounts: Record<K, SeededAccount>) => Promise<void>;
}

export interface FixtureServer<K extends string> extends RunningServer {
  accounts: Record<K, SeededAccount>;
  /** Ids of the seeded events and applications, by key. */
  ids: Record<string, string>;
  /** Where the server writes e-mails (no SMTP_URL). */
  mailDir: string;
  /**
   * Stops the server, keeping its DATA_DIR, and opens its database in this process to look at
   * what was stored. Close it with closeDatabase(); `stop()` still removes the directory.
   */
  stopAndOpenDatabase: () => Promise<Database>;
  /** Stops the server (keeping DATA_DIR) and runs `inspect` on its database, then closes it. */
  stopAndInspect: <T>(inspect: (db: Database) => Promise<T>) => Promise<T>;
  /** Starts the server again on the same DATA_DIR (same sessions); the returned URL is new. */
  restart: () => Promise<RunningServer>;
}

export async function startFixtureServer<K extends string>(
  options: FixtureServerOptions<K>,
): Promise<FixtureServer<K>> {
  const { accounts: specs, events, applications, beforeStart, ...serverOptions } = options;
  const storage = await fixtureStorage();
  const { dataDir, target } = storage;
  try {
    const accounts = await seedAccounts(target, specs);
    const ids = await seedRows(target, accounts as Record<string, SeededAccount>, {
      events,
      applications,
    });
    if (beforeStart) {
      try {
        await beforeStart(await openDatabase(target), accounts);
      } finally {
        await closeDatabase();
      }
    }
    // One secret for the server's life, restarts included (sessions survive them).
    const sessionSecret = `fixture-${randomBytes(24).toString("base64url")}`;
    const start = () =>
      startServer({
        ...serverOptions,
        dataDir,
        env: {
          NODE_ENV: "production",
          SESSION_SECRET: sessionSecret,
          TRUST_PROXY: "true",
          ...storage.serverEnv,
          ...serverOptions.env,
        },
      });
    let current = await start();
    let stopping = false;
    // A server that dies under the tests leaves only "connection refused" behind: say why.
    const watch = (running: RunningServer) =>
      void running.exited.then((exit) => {
        if (stopping || running !== current) return;
        console.error(
          `fixture server ${running.url} exited during the tests (${JSON.stringify(exit)}):\n` +
            running.logs().split("\n").slice(-40).join("\n"),
        );
      });
    watch(current);
    const stopCurrent = () => {
      stopping = true;
      return current.stop();
    };
    const server: FixtureServer<K> = {
      ...current,
      accounts,
      ids,
      mailDir: path.join(dataDir, "mail"),
      stopAndOpenDatabase: async () => {
        await stopCurrent();
        return openDatabase(target);
      },
      stopAndInspect: async (inspect) => {
        await stopCurrent();
        try {
          return await inspect(await openDatabase(target));
        } finally {
          await closeDatabase();
        }
      },
      restart: async () => {
        stopping = false;
        current = await start();
        watch(current);
        const { url, port, process, exited, logs, logEntries } = current;
        Object.assign(server, { url, port, process, exited, logs, logEntries });
        return current;
      },
      stop: async () => {
        const exit = await stopCurrent();
        await closeDatabase();
        await storage.remove();
        return exit;
      },
    };
    return server;
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    await storage.remove();
    throw error;
  }
}

interface FixtureStorage {
  /** The server's DATA_DIR (its mail and pictures, and on PGlite its database). */
  dataDir: string;
  /** Where the test process opens the server's database (seeding, inspection). */
  target: DatabaseTarget;
  /** What the server is told about it. */
  serverEnv: Record<string, string>;
  remove: () => Promise<void>;
}

async function fixtureStorage(): Promise<FixtureStorage> {
  if (databaseKind() === "pglite") {
    const dataDir = await migratedDataDir();
    return {
      dataDir,
      target: { dataDir },
      serverEnv: {},
      remove: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await createScratchDatabase({ migrated: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), "conecta-data-"));
  return {
    dataDir,
    target: { url: scratch.url },
    serverEnv: { DATABASE_URL: scratch.url },
    remove: async () => {
      await rm(dataDir, { recursive: true, force: true });
      await scratch.drop();
    },
  };
}
