import { and, isNotNull, lt, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox } from "~/db/schema";

/**
 * How long the platform keeps what it only needs for a while (ADR 0072, which gives the
 * retention of every kind of data and why). Housekeeping applies these every hour.
 */
export const RETENTION = {
  /**
   * A sent e-mail's text and HTML: long enough to answer "what did you send me?" and to look
   * into a complaint, then only its envelope stays (to, subject, kind, dates, dedupe key: the
   * key keeps it from being queued twice, the rest is what the data export lists).
   */
  sentEmailBodyDays: 30,
  /** The audit trail: five years, the period a claim about any of its changes can be made. */
  auditYears: 5,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Empties the bodies of e-mails sent more than RETENTION.sentEmailBodyDays ago. */
export async function purgeSentEmailBodies(now: Date): Promise<number> {
  const before = new Date(now.getTime() - RETENTION.sentEmailBodyDays * DAY_MS);
  const purged = await db()
    .update(emailOutbox)
    .set({ text: "", html: "" })
    .where(
      and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, before), ne(emailOutbox.text, "")),
    )
    .returning({ id: emailOutbox.id });
  return purged.length;
}

/** Deletes audit entries older than RETENTION.auditYears. */
export async function pruneAuditTrail(now: Date): Promise<void> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - RETENTION.auditYears);
  await db().delete(auditLog).where(lt(auditLog.at, before));
}
