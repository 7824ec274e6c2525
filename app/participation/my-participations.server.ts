import { and, asc, desc, eq, gte, inArray, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { events, institutions, participations } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import type { EventFormat } from "~/events/event-format";
import {
  type MyParticipation,
  type MyParticipations,
  PAST_LIMIT,
  PAST_LIMIT_ALL,
  UPCOMING_LIMIT,
} from "./my-participations";

const columns = {
  eventId: events.id,
  eventName: events.name,
  institutionName: institutions.name,
  eventDate: events.eventDate,
  startTime: events.startTime,
  endTime: events.endTime,
  format: events.format,
  status: participations.status,
};

/** A value of the query, or the placeholder the prepared statement fills in. */
type Value<T> = T | Placeholder;

function mine(userId: Value<string>, statuses: MyParticipation["status"][], onDays: SQL) {
  return db()
    .select({
      ...columns,
      // Counted like the event page's participationState, so both say the same position.
      waitlistPosition: sql<number | null>`case when ${participations.status} = 'WAITLISTED' then (
        select count(*)::int + 1 from ${participations} as ahead
        where ahead.event_id = ${participations.eventId} and ahead.status = 'WAITLISTED'
          and ahead.joined_at < ${participations.joinedAt}) end`,
    })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(
      and(
        eq(participations.userId, userId),
        inArray(participations.status, statuses),
        // A rejected or deleted event has no public page to link to.
        eq(events.status, "APPROVED"),
        onDays,
      ),
    );
}

type Row = Awaited<ReturnType<typeof mine>>[number];

function toParticipation(row: Row): MyParticipation {
  return {
    ...row,
    format: row.format as EventFormat,
    status: row.status as MyParticipation["status"],
    waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
  };
}

/** Confirmed or waiting, from `today` on, soonest first. */
export function upcomingParticipationsQuery(userId: Value<string>, today: Value<string>) {
  return mine(userId, ["CONFIRMED", "WAITLISTED"], gte(events.eventDate, today))
    .orderBy(asc(events.eventDate), sql`${events.startTime} asc nulls first`, asc(events.name))
    .limit(UPCOMING_LIMIT);
}

/** Places held in events before `today`, most recent first. */
export function pastParticipationsQuery(
  userId: Value<string>,
  today: Value<string>,
  limit: Value<number>,
) {
  return mine(userId, ["CONFIRMED"], lt(events.eventDate, today))
    .orderBy(desc(events.eventDate), sql`${events.startTime} desc nulls last`, asc(events.name))
    .limit(limit);
}

/**
 * Both lists in one statement, as the volunteer home asks for them on every visit (one round
 * trip, ADR 0054): each side keeps its own order and limit, and the dates tell the rows apart
 * again (exposed for the EXPLAIN test).
 */
export function myParticipationsQuery(
  userId: Value<string>,
  today: Value<string>,
  pastLimit: Value<number>,
) {
  return unionAll(
    upcomingParticipationsQuery(userId, today),
    pastParticipationsQuery(userId, today, pastLimit),
  );
}

const bothLists = preparedQuery("my_participations", () =>
  myParticipationsQuery(
    sql.placeholder("userId"),
    sql.placeholder("today"),
    sql.placeholder("pastLimit"),
  ),
);

/**
 * "Minhas participações" on the volunteer home (issue 15, item 8): read-only lists of the events
 * a person takes part in. Both queries start from participations_user_idx (user_id, joined_at),
 * so they read only the person's own rows, and join each event by its primary key; a waiting
 * person's position is counted on participations_event_status_idx (event_id, status, joined_at).
 *
 * "Upcoming" and "past" split by the event's day in Brasília, as the public events list does: an
 * event of today stays upcoming until midnight there.
 *
 * The person's participations: upcoming ones (confirmed or waiting) soonest first, and the past
 * events they held a place in, most recent first, PAST_LIMIT of them (or PAST_LIMIT_ALL).
 */
export async function listMyParticipations(
  userId: string,
  options: { allPast?: boolean; today?: string } = {},
): Promise<MyParticipations> {
  const today = options.today ?? todayInBrazil();
  const pastLimit = options.allPast ? PAST_LIMIT_ALL : PAST_LIMIT;
  // One more past place than shown tells whether there are more.
  const rows = await bothLists().execute({ userId, today, pastLimit: pastLimit + 1 });
  const upcoming = rows.filter((row) => row.eventDate >= today);
  const past = rows.filter((row) => row.eventDate < today);
  return {
    upcoming: upcoming.map(toParticipation),
    past: past.slice(0, pastLimit).map(toParticipation),
    morePast: past.length > pastLimit,
  };
}
