import { and, eq, gte, lte, sql } from "drizzle-orm";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { publicConfig } from "~/config/public-config.server";
import { db } from "~/db/client.server";
import { events, institutions, participations, volunteerHours } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { formatIsoDate, todayInBrazil } from "~/events/event-dates";
import { startPeriodic } from "~/jobs/periodic.server";
import { log } from "~/lib/log.server";
import { nextIsoDay, zonedDayStart, zonedWallClock } from "~/lib/zoned-day";
import { hoursDueEmail } from "./hours-emails.server";

/** How long after its end an event is still worth a reminder (older ones were seen to already). */
const LOOK_BACK_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each instance looks; a reminder leaves at most this late. */
const EVERY_MS = 15 * 60 * 1000;

/** The instant an event ends in Brasília: its end time, or the end of its day without one. */
export function eventEndsAt(event: { eventDate: string; endTime: string | null }): Date {
  return event.endTime
    ? zonedWallClock(event.eventDate, event.endTime, BRAZIL_TIME_ZONE)
    : zonedDayStart(nextIsoDay(event.eventDate), BRAZIL_TIME_ZONE);
}

/**
 * "Confirme as horas" (issue 16, item 3; ADR 0051): nothing counts until the institution confirms
 * attendance and hours, so once a published event has ended with people whose place was confirmed
 * and whose hours are not decided yet, its institution is e-mailed once, with the link to the
 * event's hours page. Once: the outbox keeps one e-mail per key (`hours-due:<event>`), so every
 * later run, in this instance or another on the same database, queues nothing. Events that ended
 * more than a week ago are left alone (a first start does not e-mail about old events). Returns
 * how many e-mails were queued.
 */
export async function runHoursDueReminders(now: Date = new Date()): Promise<number> {
  const since = todayInBrazil(new Date(now.getTime() - LOOK_BACK_MS - 86_400_000));
  const rows = await db()
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      endTime: events.endTime,
      institutionName: institutions.name,
      contactEmail: institutions.contactEmail,
      undecided: sql<number>`count(*)::int`,
    })
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .innerJoin(
      participations,
      and(eq(participations.eventId, events.id), eq(participations.status, "CONFIRMED")),
    )
    .where(
      and(
        eq(events.status, "APPROVED"),
        gte(events.eventDate, since),
        lte(events.eventDate, todayInBrazil(now)),
        sql`not exists (select 1 from ${volunteerHours} where ${volunteerHours.eventId} = ${events.id}
          and ${volunteerHours.volunteerId} = ${participations.userId})`,
      ),
    )
    .groupBy(events.id, institutions.userId);
  let queued = 0;
  for (const event of rows) {
    const endedFor = now.getTime() - eventEndsAt(event).getTime();
    if (endedFor < 0 || endedFor > LOOK_BACK_MS) continue;
    const sent = await enqueueEmail(db(), {
      to: event.contactEmail,
      kind: "hours-due",
      sender: null,
      dedupeKey: `hours-due:${event.id}`,
      ...hoursDueEmail({
        institutionName: event.institutionName,
        eventName: event.name,
        date: formatIsoDate(event.eventDate),
        people: event.undecided,
        url: new URL(`/app/eventos/${event.id}/horas`, publicConfig().baseUrl).toString(),
      }),
    });
    if (sent) queued += 1;
  }
  if (queued > 0) log.info({ count: queued, now }, "hours-due reminders queued");
  return queued;
}

/** Every few minutes, in every instance: the outbox's key makes overlapping runs harmless. */
export function startHoursDueReminders(): () => Promise<void> {
  return startPeriodic("hours-due reminders", EVERY_MS, () => runHoursDueReminders());
}
