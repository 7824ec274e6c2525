import { and, eq, gte, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements, events, participations } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import { log } from "~/lib/log.server";
import { issueEventAgreement } from "./issue-agreement.server";

/**
 * The termo of a place just taken (ADR 0049), issued right after the join's transaction rather
 * inside it: the join holds the event's row lock, and a burst of people tapping "Quero
 * participar" at once queues on that lock, so its critical section stays the few statements
 * that decide the place. Should this fail or the process stop first, the place stands and
 * issueMissingEventAgreements issues the termo on its next run.
 */
export async function issueJoinedEventAgreement(participationId: string, now: Date) {
  try {
    await db().transaction((tx) => issueEventAgreement(tx, participationId, now));
  } catch (error) {
    log.error({ err: error, participationId }, "termo of a confirmed place left to the catch-up");
  }
}

/** How many confirmed places one catch-up run looks at (the rest wait for the next run). */
const CATCH_UP_BATCH = 200;

/**
 * Confirmed places of upcoming approved events without their termo, issued now (the catch-up
 * of issueJoinedEventAgreement; run with the reminders every few minutes, in every instance:
 * a termo is unique per place, so overlapping runs issue and e-mail it once). Past events are
 * left alone: their termo would no longer precede the work. Returns how many were issued.
 */
export async function issueMissingEventAgreements(now: Date = new Date()): Promise<number> {
  const missing = await db()
    .select({ id: participations.id })
    .from(events)
    .innerJoin(participations, eq(participations.eventId, events.id))
    .leftJoin(agreements, eq(agreements.participationId, participations.id))
    .where(
      and(
        eq(events.status, "APPROVED"),
        gte(events.eventDate, todayInBrazil(now)),
        eq(participations.status, "CONFIRMED"),
        isNull(agreements.id),
      ),
    )
    .limit(CATCH_UP_BATCH);
  let issued = 0;
  for (const { id } of missing) {
    const agreementId = await db().transaction((tx) => issueEventAgreement(tx, id, now));
    if (agreementId) issued++;
  }
  if (issued > 0) log.info({ issued }, "termos of confirmed places issued by the catch-up");
  return issued;
}
