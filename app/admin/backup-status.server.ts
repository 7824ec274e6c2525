import { desc } from "drizzle-orm";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { backupRuns } from "~/db/schema";
import { nextBackupDue } from "~/jobs/scheduled-backups.server";

/** One scheduled backup as the admin panel shows it (dates as ISO strings for the page). */
export interface BackupRunView {
  id: string;
  startedAt: string;
  finishedAt: string | null;
  status: "running" | "succeeded" | "failed";
  fileName: string | null;
  bytes: number | null;
  error: string | null;
}

export interface BackupStatus {
  /** null: scheduled backups are off (BACKUP_INTERVAL=off). */
  schedule: { intervalMs: number; keep: number; dir: string } | null;
  recent: BackupRunView[];
  lastSucceeded: BackupRunView | null;
  /** When the next scheduled one is due (ISO), if one is and none is running. */
  nextDueAt: string | null;
}

const RECENT = 5;

/** The scheduled backups' settings and latest runs (docs/decisions/0076), for the dashboard. */
export async function getBackupStatus(): Promise<BackupStatus> {
  const config = env();
  const rows = await db().select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(50);
  const views = rows.map(
    (row): BackupRunView => ({
      id: row.id,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      status: row.status as BackupRunView["status"],
      fileName: row.fileName,
      bytes: row.bytes,
      error: row.error,
    }),
  );
  const [last] = rows;
  const nextDueAt =
    config.BACKUP_INTERVAL == null || !last || last.status === "running"
      ? null
      : nextBackupDue(last, config.BACKUP_INTERVAL).toISOString();
  return {
    nextDueAt,
    schedule:
      config.BACKUP_INTERVAL == null
        ? null
        : { intervalMs: config.BACKUP_INTERVAL, keep: config.BACKUP_KEEP, dir: config.BACKUP_DIR },
    recent: views.slice(0, RECENT),
    lastSucceeded: views.find((run) => run.status === "succeeded") ?? null,
  };
}
