import { lt } from "drizzle-orm";
import { pruneExpiredDrafts } from "~/auth/signup-draft.server";
import { db, maintainDatabase } from "~/db/client.server";
import { guardianTokens, sessions, verifications } from "~/db/schema";
import { pruneStagedImages } from "~/images/staged-images.server";
import { pruneRateLimits } from "~/security/rate-limit.server";
import { startPeriodic } from "./periodic.server";
import { pruneAuditTrail, purgeSentEmailBodies } from "./retention.server";
import { pruneBackupRuns } from "./scheduled-backups.server";

const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes what has expired (sessions, reset tokens, guardian links, sign-up drafts, staged
 * photos never claimed, rate-limit windows, backup runs past a year) and what is kept only for a while (sent e-mails'
 * bodies, old audit entries: ADR 0072), then refreshes the embedded database's statistics.
 */
export async function runHousekeeping(now: Date = new Date()): Promise<void> {
  await db().delete(sessions).where(lt(sessions.expiresAt, now));
  await db().delete(verifications).where(lt(verifications.expiresAt, now));
  // A guardian's links (ADR 0050), used or not, once past their 30 days.
  await db().delete(guardianTokens).where(lt(guardianTokens.expiresAt, now));
  await pruneExpiredDrafts();
  await pruneStagedImages(now);
  await pruneRateLimits();
  await purgeSentEmailBodies(now);
  await pruneAuditTrail(now);
  await pruneBackupRuns(now);
  await maintainDatabase();
}

/** Hourly, in every instance: each statement is idempotent, so overlapping runs are harmless. */
export function startHousekeeping(): () => Promise<void> {
  return startPeriodic("housekeeping", EVERY_MS, runHousekeeping);
}
