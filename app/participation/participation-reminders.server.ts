import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { issueMissingEventAgreements } from "~/agreements/event-agreements.server";
import { publicConfig } from "~/config/public-config.server";
import { db } from "~/db/client.server";
import { events, participations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { formatIsoDateLong, formatTimeRange, todayInBrazil } from "~/events/event-dates";
import { startPeriodic } from "~/jobs/periodic.server";
import { log } from "~/lib/log.server";
import { nextIsoDay } from "~/lib/zoned-day";
import { participationReminderEmail } from "./participant-emails.server";
import { eventStartsAt } from "./participation.server";

/** A reminder goes out once the event starts within this long. */
const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;
/** How often each instance looks; a reminder leaves at most this late. */
const EVERY_MS = 5 * 60 * 1000;

type UpcomingEvent = Pick<
  typeof events.$inferSelect,
  | "id"
  | "name"
  | "eventDate"
  | "startTime"
  | "endTime"
  | "format"
  | "street"
  | "number"
  | "neighborhood"
  | "city"
  | "state"
>;

/**
 * The 24-hour reminders (issue 15, item 4; ADR 0044): for each published event starting within
 * the next 24 hours (a whole-day event at 00:00 in Brasília), e-mails every confirmed
 * participant not yet reminded for this start. Each person is claimed by one UPDATE ... WHERE
 * reminded_for_start is distinct from the start ... RETURNING, and their e-mail is queued in the
 * same transaction: two runs at once (two instances on one PostgreSQL) cannot both claim a row,
 * as the second UPDATE waits for the first's row locks and then finds the row already claimed;
 * a crash before the commit leaves nobody claimed. A new date or time is a new start, so the
 * person is reminded again. Returns how many reminders were queued.
 */
export async function runParticipationReminders(now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (const event of await upcomingEvents(now)) queued += await remindParticipants(event, now);
  return queued;
}

/** Published events whose start is after `now` and within 24 hours of it. */
async function upcomingEvents(now: Date): Promise<UpcomingEvent[]> {
  const today = todayInBrazil(now);
  const candidates = await db()
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      startTime: events.startTime,
      endTime: events.endTime,
      format: events.format,
      street: events.street,
      number: events.number,
      neighborhood: events.neighborhood,
      city: events.city,
      state: events.state,
    })
    .from(events)
    .where(
      and(
        eq(events.status, "APPROVED"),
        gte(events.eventDate, today),
        lte(events.eventDate, nextIsoDay(nextIsoDay(today))),
      ),
    );
  return candidates.filter((event) => {
    const ahead = eventStartsAt(event).getTime() - now.getTime();
    return ahead > 0 && ahead <= REMINDER_AHEAD_MS;
  });
}

async function remindParticipants(event: UpcomingEvent, now: Date): Promise<number> {
  const startsAt = eventStartsAt(event);
  return db().transaction(async (tx) => {
    const claimed = await tx
      .update(participations)
      .set({ remindedForStart: startsAt })
      .where(
        and(
          eq(participations.eventId, event.id),
          eq(participations.status, "CONFIRMED"),
          sql`${participations.remindedForStart} is distinct from ${startsAt.toISOString()}::timestamptz`,
          // The event still starts then: a move saved since it was read waits for the next run.
          sql`exists (select 1 from ${events} where ${events.id} = ${event.id}
            and ${events.status} = 'APPROVED' and ${events.eventDate} = ${event.eventDate}::date
            and ${events.startTime} is not distinct from ${event.startTime}::time)`,
        ),
      )
      .returning({ id: participations.id, userId: participations.userId });
    if (claimed.length === 0) return 0;
    const people = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((row) => row.userId),
        ),
      );
    const url = new URL(`/eventos/${event.id}`, publicConfig().baseUrl).toString();
    const time = formatTimeRange(event.startTime, event.endTime);
    const when = `${formatIsoDateLong(event.eventDate)}${time ? `, das ${time}` : ""}`;
    for (const row of claimed) {
      const person = people.find((candidate) => candidate.id === row.userId);
      if (!person) continue;
      await enqueueEmail(tx, {
        to: person.email,
        kind: "participation-reminder",
        sender: null,
        dedupeKey: `participation-reminder:${row.id}:${startsAt.toISOString()}`,
        ...participationReminderEmail({
          name: person.name,
          eventName: event.name,
          when,
          where: placeLine(event),
          // Someone confirmed within the last 24 hours is reminded on the day itself.
          day: event.eventDate === todayInBrazil(now) ? "hoje" : "amanhã",
          url,
        }),
      });
    }
    log.info({ eventId: event.id, count: claimed.length, now }, "participation reminders queued");
    return claimed.length;
  });
}

/** Where to go, as the reminder says it. */
function placeLine(event: UpcomingEvent): string {
  const address = `${event.street}, ${event.number} - ${event.neighborhood}, ${event.city}/${event.state}`;
  if (event.format === "ONLINE") return "Evento online: o link está na página do evento.";
  if (event.format === "HIBRIDO") {
    return `Local: ${address}. Também é possível participar online: o link está na página do evento.`;
  }
  return `Local: ${address}.`;
}

/**
 * Every few minutes, in every instance: the claim makes overlapping runs harmless. The same run
 * issues the termos a join left behind (ADR 0049), which are as idempotent.
 */
export function startParticipationReminders(): () => Promise<void> {
  return startPeriodic("participation reminders", EVERY_MS, async () => {
    await issueMissingEventAgreements();
    await runParticipationReminders();
  });
}
