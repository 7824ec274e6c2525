import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  journal,
  type MigratingDatabase,
  pgliteDatabase,
  postgresDatabase,
  releaseFolder,
} from "../helpers/migration-releases";
import { createScratchDatabase, postgresTestUrl, type ScratchDatabase } from "../helpers/postgres";
import { spawnServer } from "../helpers/server";
import { withTimeout } from "../helpers/wait";

/**
 * Issue 40, item 5: an upgrade whose migration fails leaves the database as it was, and the
 * server refuses to start with a message that says what happened and what to do, on PGlite and
 * on PostgreSQL. The database is left by an earlier release (migrations up to 0023, with an
 * account as that release made it); an index named as one that 0025 creates stands in the way,
 * so 0024 and the first statements of 0025 run before 0025 fails.
 */

/** Migrations through 0023_email_budget_and_confirmation: the release before 0024. */
const EARLIER_RELEASE = journal.entries.findIndex((entry) => entry.tag.startsWith("0024_"));
const ACCOUNT = `INSERT INTO users (id, email, name, profile, email_verified)
  VALUES ('a0000000-0000-4000-8000-0000000000aa', 'antiga@teste.org', 'Conta Antiga', 'VOLUNTEER', false)`;
const OBSTACLE = `CREATE UNIQUE INDEX "document_pdfs_agreement_key" ON "users" ("email")`;

interface DatabaseState {
  applied: number;
  documentPdfs: boolean;
  hourIds: boolean;
  verified: boolean | null;
}

async function stateOf(database: MigratingDatabase): Promise<DatabaseState> {
  const [row] = await database.rows<{
    applied: string | number;
    document_pdfs: boolean;
    hour_ids: boolean;
    verified: boolean | null;
  }>(`select
    (select count(*) from drizzle.__drizzle_migrations) as applied,
    to_regclass('public.document_pdfs') is not null as document_pdfs,
    exists (select 1 from information_schema.columns
      where table_name = 'certificates' and column_name = 'hour_ids') as hour_ids,
    (select email_verified from users where email = 'antiga@teste.org') as verified`);
  return {
    applied: Number(row?.applied),
    documentPdfs: row?.document_pdfs === true,
    hourIds: row?.hour_ids === true,
    verified: row?.verified ?? null,
  };
}

async function earlierRelease(database: MigratingDatabase, root: string): Promise<void> {
  await database.migrate(releaseFolder(root, EARLIER_RELEASE));
  await database.exec(ACCOUNT);
  await database.exec(OBSTACLE);
}

/** Starts the current release on the database and returns how it ended and what it printed. */
async function startRefused(env: Record<string, string>, dataDir: string) {
  const server = await spawnServer({ env, dataDir });
  const exit = await withTimeout(server.exited, 120_000, "the refusing server's exit");
  return { exit, output: server.logs() };
}

function expectClearRefusal(
  result: Awaited<ReturnType<typeof startRefused>>,
  before: DatabaseState,
  after: DatabaseState,
) {
  expect(result.exit.code).toBe(1);
  expect(result.output).toContain("The database was not upgraded to this release");
  expect(result.output).toContain("pending: 0024_existing_accounts_confirmed");
  expect(result.output).toMatch(/Cause: .*document_pdfs_agreement_key/);
  expect(result.output).toContain("exactly as it was before this start");
  expect(result.output).toContain("What to do:");
  // A message, not a stack trace.
  expect(result.output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  // Nothing of 0024 or 0025 stayed: the whole upgrade rolled back.
  expect(after).toEqual(before);
  expect(after).toEqual({
    applied: EARLIER_RELEASE,
    documentPdfs: false,
    hourIds: false,
    verified: false,
  });
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "conecta-upgrade-refused-"));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("a failed upgrade", () => {
  it("on the embedded database: refused with what to do, the database as it was", async () => {
    const dataDir = path.join(root, "data");
    await mkdir(dataDir);
    let database = await pgliteDatabase(dataDir);
    await earlierRelease(database, root);
    const before = await stateOf(database);
    await database.close();

    const result = await startRefused({}, dataDir);

    database = await pgliteDatabase(dataDir);
    const after = await stateOf(database);
    await database.close();
    expectClearRefusal(result, before, after);
  });

  it.skipIf(!postgresTestUrl())(
    "on PostgreSQL: refused with what to do, the database as it was",
    async () => {
      const scratch: ScratchDatabase = await createScratchDatabase();
      const database = postgresDatabase(scratch.url);
      try {
        await earlierRelease(database, root);
        const before = await stateOf(database);
        const dataDir = path.join(root, "pg-data");
        await mkdir(dataDir);
        const result = await startRefused({ DATABASE_URL: scratch.url }, dataDir);
        expectClearRefusal(result, before, await stateOf(database));
      } finally {
        await database.close();
        await scratch.drop();
      }
    },
  );
});
