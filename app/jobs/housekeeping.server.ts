import { lt } from "drizzle-orm";
import { pruneExpiredDrafts } from "~/auth/signup-draft.server";
import { db, maintainDatabase } from "~/db/client.server";
import { sessions, verifications } from "~/db/schema";
import { pruneStagedImages } from "~/images/staged-images.server";
import { log } from "~/lib/log.server";
import { pruneRateLimits } from "~/security/rate-limit.server";

const EVERY_MS = 60 * 60 * 1000;

/**
 * Removes what has expired (sessions, reset tokens, sign-up drafts, staged photos never claimed,
 * rate-limit windows), then
 * refreshes the embedded database's statistics.
 */
export async function runHousekeeping(): Promise<void> {
  const now = new Date();
  await db().delete(sessions).where(lt(sessions.expiresAt, now));
  await db().delete(verifications).where(lt(verifications.expiresAt, now));
  await pruneExpiredDrafts();
  await pruneStagedImages(now);
  await pruneRateLimits();
  await maintainDatabase();
}

/**
 * Hourly, in every instance: each statement is idempotent, so overlapping runs are harmless.
 * The returned stop function waits for a run in progress, so the database is not closed under it.
 */
export function startHousekeeping(): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = runHousekeeping().catch((error: unknown) =>
      log.error({ err: error }, "housekeeping failed"),
    );
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
