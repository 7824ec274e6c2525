import { rm } from "node:fs/promises";
import { afterAll, beforeAll } from "vitest";
import {
  closeDatabase,
  type Database,
  type DatabaseTarget,
  openDatabase,
} from "~/db/client.server";
import { migratedDataDir } from "./data-dir";
import { createScratchDatabase } from "./postgres";

/**
 * Which engine this test run uses. vitest.config.ts runs tests/integration twice when
 * TEST_DATABASE_URL is set: project "integration" on PGlite and "integration-pg" on PostgreSQL.
 */
export type DatabaseKind = "pglite" | "postgres";

export function databaseKind(): DatabaseKind {
  return process.env.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase {
  kind: DatabaseKind;
  db: Database;
  /** Where it is: the DATA_DIR (PGlite) or the URL (PostgreSQL). */
  target: DatabaseTarget;
  /** Closes and reopens the same database, applying migrations again (as a restart does); `db` follows. */
  reopen: () => Promise<Database>;
  /** Closes the handle and deletes the data (temp DATA_DIR or the scratch database). */
  dispose: () => Promise<void>;
}

/**
 * A fresh, migrated database through the app's own openDatabase(): a copy of the migrated template
 * DATA_DIR on PGlite, or a new database cloned from the template database on the server in
 * TEST_DATABASE_URL (tests/helpers/data-dir.ts). The app keeps one database per
 * process, so a test file holds at most one at a time (call dispose() in afterAll).
 */
export async function testDatabase(kind: DatabaseKind = databaseKind()): Promise<TestDatabase> {
  const { target, remove } = kind === "pglite" ? await temporaryDataDir() : await scratchServer();
  try {
    const database: TestDatabase = {
      kind,
      target,
      db: await openDatabase(target),
      reopen: async () => {
        await closeDatabase();
        database.db = await openDatabase(target);
        return database.db;
      },
      dispose: async () => {
        await closeDatabase();
        await remove();
      },
    };
    return database;
  } catch (error) {
    await remove();
    throw error;
  }
}

interface Storage {
  target: DatabaseTarget;
  remove: () => Promise<void>;
}

async function temporaryDataDir(): Promise<Storage> {
  const dataDir = await migratedDataDir();
  return { target: { dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

async function scratchServer(): Promise<Storage> {
  const scratch = await createScratchDatabase({ migrated: true });
  return { target: { url: scratch.url }, remove: scratch.drop };
}

/**
 * The test file's database: a fresh one opened before its first test and removed after its last.
 * Read `.db` inside hooks and tests (it is not open yet when the file's top level runs).
 */
export function databaseForFile(): Omit<TestDatabase, "dispose"> {
  let opened: TestDatabase | undefined;
  const current = () => {
    if (!opened) throw new Error("the test database opens in beforeAll");
    return opened;
  };
  beforeAll(async () => {
    opened = await testDatabase();
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  return {
    get kind() {
      return current().kind;
    },
    get db() {
      return current().db;
    },
    get target() {
      return current().target;
    },
    reopen: () => current().reopen(),
  };
}
