import { spawn } from "node:child_process";
import path from "node:path";
import { desc, eq, lt, sql } from "drizzle-orm";
import { type Env, env } from "~/config/env.server";
import { pruneBackups } from "~/db/backup/take.server";
import { db } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import { log } from "~/lib/log.server";
import { scrapedGauge } from "~/lib/metrics.server";
import { projectRoot } from "~/lib/project-root.server";
import { startPeriodic } from "./periodic.server";

/** How often the server looks whether a backup is due (the interval itself is BACKUP_INTERVAL). */
const CHECK_EVERY_MS = 60_000;
/** A failed backup is tried again this soon, not a whole interval later. */
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** A run still "running" after this long died with its instance: the next one may start. */
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;
/** Arbitrary constant naming the advisory lock under which instances claim a run. */
const CLAIM_LOCK_KEY = 4_711_2027;

// For the "backup too old" alert (deploy/monitoring/alerts.yml): 0 when none succeeded yet, or
// when scheduled backups are off.
scrapedGauge({
  name: "conecta_backup_last_success_timestamp_seconds",
  help: "When the last scheduled backup that succeeded started (Unix time; 0: none yet).",
  read: async () => {
    const [last] = await db()
      .select({ startedAt: backupRuns.startedAt })
      .from(backupRuns)
      .where(eq(backupRuns.status, "succeeded"))
      .orderBy(desc(backupRuns.startedAt))
      .limit(1);
    return [{ value: last ? last.startedAt.getTime() / 1000 : 0 }];
  },
});
scrapedGauge({
  name: "conecta_backup_interval_seconds",
  help: "BACKUP_INTERVAL: how often a backup is due (0: scheduled backups are off).",
  read: async () => [{ value: (env().BACKUP_INTERVAL ?? 0) / 1000 }],
});

export interface BackupChildResult {
  file: string;
  bytes: number;
}

/** Runs `npm run backup -- --dir <dir> --json`, the operator's own command, as a child process. */
export type BackupChild = (dir: string, signal: AbortSignal) => Promise<BackupChildResult>;

/**
 * The server's scheduled backups (docs/decisions/0076). Every minute each instance asks whether
 * one is due (none succeeded within BACKUP_INTERVAL, none failed within the last hour, none
 * running); the first to ask claims it with a "running" row, under a lock that instances sharing
 * a database take in turn. The backup itself is `npm run backup` in a child process, so this
 * process only waits for it: the requests it serves meanwhile do not. Then the row gets the
 * file, its size and the result, older files beyond BACKUP_KEEP are deleted, and the log says
 * what happened.
 */
export function startScheduledBackups(
  config: Pick<Env, "BACKUP_DIR" | "BACKUP_INTERVAL" | "BACKUP_KEEP">,
  child: BackupChild = runBackupCommand,
): () => Promise<void> {
  const interval = config.BACKUP_INTERVAL;
  if (interval === null || interval === undefined) return async () => {};
  const stopping = new AbortController();
  const stopChecks = startPeriodic("scheduled backups", CHECK_EVERY_MS, () =>
    runDueBackup({ ...config, interval }, child, stopping.signal),
  );
  return async () => {
    stopping.abort();
    await stopChecks();
  };
}

export async function runDueBackup(
  config: { BACKUP_DIR: string; BACKUP_KEEP: number; interval: number },
  child: BackupChild,
  signal: AbortSignal,
  now = new Date(),
): Promise<void> {
  const runId = await claimRun(config.interval, now);
  if (!runId || signal.aborted) return;
  log.info({ dir: config.BACKUP_DIR }, "backup: starting the scheduled backup");
  try {
    const result = await child(config.BACKUP_DIR, signal);
    await db()
      .update(backupRuns)
      .set({
        status: "succeeded",
        finishedAt: new Date(),
        fileName: path.basename(result.file),
        bytes: result.bytes,
      })
      .where(eq(backupRuns.id, runId));
    const pruned = await pruneBackups(config.BACKUP_DIR, config.BACKUP_KEEP);
    log.info({ file: result.file, bytes: result.bytes, pruned }, "backup: done");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db()
      .update(backupRuns)
      .set({ status: "failed", finishedAt: new Date(), error: message.slice(0, 2000) })
      .where(eq(backupRuns.id, runId));
    throw error;
  }
}

/** A new "running" row when a backup is due, or null; one instance at a time decides. */
async function claimRun(interval: number, now: Date): Promise<string | null> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    const [last] = await tx.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    if (last) {
      if (now < nextBackupDue(last, interval)) return null;
      if (last.status === "running") {
        await tx
          .update(backupRuns)
          .set({
            status: "failed",
            finishedAt: now,
            error: "Interrompida: o servidor parou durante a cópia.",
          })
          .where(eq(backupRuns.id, last.id));
      }
    }
    const [run] = await tx
      .insert(backupRuns)
      .values({ startedAt: now })
      .returning({ id: backupRuns.id });
    return run?.id ?? null;
  });
}

/**
 * When the run after `last` is due: an interval after a success, an hour after a failure (or
 * the interval, if shorter), and after a run still "running" only once it is stale.
 */
export function nextBackupDue(last: { startedAt: Date; status: string }, interval: number): Date {
  const wait =
    last.status === "running"
      ? STALE_AFTER_MS
      : last.status === "failed"
        ? Math.min(interval, RETRY_AFTER_MS)
        : interval;
  return new Date(last.startedAt.getTime() + wait);
}

/** Runs older than a year are of no use to anyone (housekeeping). */
export async function pruneBackupRuns(now: Date): Promise<void> {
  await db()
    .delete(backupRuns)
    .where(lt(backupRuns.startedAt, new Date(now.getTime() - 365 * 24 * 60 * 60 * 1000)));
}

const runBackupCommand: BackupChild = (dir, signal) =>
  new Promise((resolve, reject) => {
    const root = projectRoot();
    const command = spawn(
      process.execPath,
      [
        path.join(root, "node_modules/tsx/dist/cli.mjs"),
        path.join(root, "scripts/backup.ts"),
        "--dir",
        dir,
        "--json",
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: process.env },
    );
    let stdout = "";
    let stderr = "";
    command.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    command.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    // Stopping the server interrupts the backup the way Ctrl-C does: its partial file is removed.
    const interrupt = () => command.kill("SIGINT");
    signal.addEventListener("abort", interrupt, { once: true });
    command.on("error", reject);
    command.on("close", (code, killedBy) => {
      signal.removeEventListener("abort", interrupt);
      const last = stdout.trim().split("\n").at(-1) ?? "";
      if (code === 0) {
        try {
          resolve(JSON.parse(last) as BackupChildResult);
          return;
        } catch {
          // Reported below.
        }
      }
      const reason = stderr
        .trim()
        .split("\n")
        .at(-1)
        ?.replace(/^backup: /, "");
      reject(new Error(reason || `npm run backup ended with ${killedBy ?? `exit code ${code}`}`));
    });
  });
