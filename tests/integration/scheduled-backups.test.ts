import { readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getBackupStatus } from "~/admin/backup-status.server";
import { backupFileName } from "~/db/backup/format";
import { pruneBackups, takeBackup } from "~/db/backup/take.server";
import { backupRuns } from "~/db/schema";
import { type BackupChild, runDueBackup } from "~/jobs/scheduled-backups.server";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * Issue 40, item 1: the server's scheduled backups. When one is due, whether a failed one is
 * tried again, a run left "running" by a stopped instance, what the admin sees, and which files
 * are kept. The backup itself is the operator's command's code (the server runs it as a child
 * process: the e2e test backup-restore shows that); here it runs in this process, with the
 * clock moved by the test.
 */

let database: TestDatabase;
let dir: string;
const HOUR = 60 * 60 * 1000;
const config = () => ({ BACKUP_DIR: dir, BACKUP_KEEP: 2, interval: 24 * HOUR });
const START = new Date("2026-11-29T03:00:00Z");
const at = (hours: number) => new Date(START.getTime() + hours * HOUR);

/** The real backup, named by the test's clock so each run has a file of its own. */
const backupAt =
  (now: Date): BackupChild =>
  async (target) => {
    const written = await takeBackup(database.target, target, { now });
    return { file: written.file, bytes: written.bytes };
  };
const failing: BackupChild = async () => {
  throw new Error("No space left on device");
};
const signal = new AbortController().signal;

beforeAll(async () => {
  database = await testDatabase();
  dir = await mkdtemp(path.join(tmpdir(), "conecta-scheduled-"));
});

afterAll(async () => {
  await database?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const runs = () => database.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt));

// Each run copies the embedded database and opens the copy: seconds alone, more beside CI's load.
describe("scheduled backups", { timeout: 120_000 }, () => {
  it("shows none before the first, then the first with its size and result", async () => {
    expect((await getBackupStatus()).recent).toEqual([]);
    await runDueBackup(config(), backupAt(at(0)), signal, at(0));
    const [run] = await runs();
    expect(run).toMatchObject({ status: "succeeded", fileName: backupFileName(at(0)) });
    expect(run?.bytes).toBeGreaterThan(1000);
    const status = await getBackupStatus();
    expect(status.recent[0]).toMatchObject({ status: "succeeded", bytes: run?.bytes });
    expect(status.lastSucceeded?.id).toBe(run?.id);
  });

  it("takes the next one only once the interval has passed", async () => {
    await runDueBackup(config(), backupAt(at(23)), signal, at(23));
    expect(await runs()).toHaveLength(1);
    await runDueBackup(config(), backupAt(at(24)), signal, at(24));
    expect(await runs()).toHaveLength(2);
  });

  it("records a failure with its reason, and tries again an hour later, not before", async () => {
    await expect(runDueBackup(config(), failing, signal, at(48))).rejects.toThrow(/No space/);
    const [failed] = await runs();
    expect(failed).toMatchObject({ status: "failed", error: "No space left on device" });
    const status = await getBackupStatus();
    expect(status.recent[0]?.status).toBe("failed");
    expect(status.lastSucceeded?.startedAt).toBe(at(24).toISOString());

    await runDueBackup(config(), backupAt(at(48.5)), signal, at(48.5));
    expect(await runs()).toHaveLength(3);
    await runDueBackup(config(), backupAt(at(49)), signal, at(49));
    expect((await runs())[0]).toMatchObject({ status: "succeeded" });
  });

  it("keeps the newest BACKUP_KEEP files, and never touches files of other names", async () => {
    const names = readdirSync(dir).filter((name) => name.endsWith(".backup.gz"));
    expect(names).toEqual([backupFileName(at(24)), backupFileName(at(49))].sort());
    await writeFile(path.join(dir, "notes.txt"), "the operator's own file");
    expect(await pruneBackups(dir, 1)).toEqual([backupFileName(at(24))]);
    expect(readdirSync(dir).sort()).toEqual(
      [backupFileName(at(49)), `${backupFileName(at(49))}.sha256`, "notes.txt"].sort(),
    );
  });

  it("takes over a run its instance left running, after six hours", async () => {
    await database.db.insert(backupRuns).values({ startedAt: at(80), status: "running" });
    await runDueBackup(config(), backupAt(at(85)), signal, at(85));
    expect((await runs())[0]?.status).toBe("running");
    await runDueBackup(config(), backupAt(at(86)), signal, at(86));
    const [latest, stale] = await runs();
    expect(latest?.status).toBe("succeeded");
    expect(stale).toMatchObject({ status: "failed" });
    expect(stale?.error).toMatch(/Interrompida/);
  });
});
