import { type AnyColumn, and, asc, eq, sql } from "drizzle-orm";
import { BRAZIL_TIME_ZONE, type EventStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, participations, users, volunteers } from "~/db/schema";
import { formatIsoDate, formatTimeRange } from "~/events/event-dates";
import { isUuid } from "~/lib/uuid";
import type { ParticipationStatus } from "./participation.server";
import { eventStartsAt } from "./participation.server";

/**
 * An institution's view of one of its events' lists (issue 15, item 3). Every query carries the
 * institution's id: another institution's event is null here, which the routes answer as 404.
 */

export interface OwnEvent {
  id: string;
  name: string;
  status: EventStatus;
  /** "12/12/2026" */
  date: string;
  /** "09:00 às 12:00", or null for a whole-day event. */
  time: string | null;
  /** null: no limit. */
  places: number | null;
  /** The list still changes (removals): not cancelled, not started. */
  open: boolean;
}

/**
 * The row of one of the institution's own events, or null (a bad id, another institution's):
 * what its pages (participants, message, hours) derive their view from.
 */
export async function ownEventRow(institutionId: string, eventId: string) {
  if (!isUuid(eventId)) return null;
  const [row] = await db()
    .select({
      id: events.id,
      name: events.name,
      status: events.status,
      eventDate: events.eventDate,
      startTime: events.startTime,
      endTime: events.endTime,
      places: events.places,
    })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.institutionId, institutionId)));
  return row ?? null;
}

export async function findOwnEvent(
  institutionId: string,
  eventId: string,
  now: Date = new Date(),
): Promise<OwnEvent | null> {
  const row = await ownEventRow(institutionId, eventId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status as EventStatus,
    date: formatIsoDate(row.eventDate),
    time: formatTimeRange(row.startTime, row.endTime),
    places: row.places,
    open: row.status !== "DELETED" && eventStartsAt(row).getTime() > now.getTime(),
  };
}

export interface Participant {
  id: string;
  name: string;
  /**
   * Contact and city only while the person takes part (confirmed or waiting); null for those
   * who left or were removed: the institution no longer needs them (ADR 0072).
   */
  email: string | null;
  /** Digits as stored, or null when the profile has none (or the person left). */
  phone: string | null;
  /** "Recife/PE", or null for a person without a volunteer profile (or who left). */
  city: string | null;
  status: ParticipationStatus;
  joinedAt: Date;
  /** "26/11/2026 às 23:08" in Brasília, as the page shows it (no Intl in the browser). */
  joined: string;
  /** 1 for the next person to be promoted; only while WAITLISTED. */
  position: number | null;
}

const JOINED = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});

function joinedText(at: Date): string {
  const part = Object.fromEntries(
    JOINED.formatToParts(at).map((piece) => [piece.type, piece.value]),
  );
  return `${part.day}/${part.month}/${part.year} às ${part.hour}:${part.minute}`;
}

/** Holding a place first, then the waitlist in its order, then those who left. */
const STATUS_ORDER = sql`case ${participations.status}
  when 'CONFIRMED' then 0 when 'WAITLISTED' then 1 when 'CANCELLED' then 2 else 3 end`;

/** Taking part: holding a place or waiting for one. */
const takingPart = sql`${participations.status} in ('CONFIRMED', 'WAITLISTED')`;

/** A column of the person's only while they take part: null never leaves the database otherwise. */
const whileTakingPart = <T>(column: AnyColumn) =>
  sql<T | null>`case when ${takingPart} then ${column} end`;

/**
 * Everyone who ever joined the event, contact details only for those still taking part (ADR
 * 0072: whoever left appears by name and status). An event's list is its places plus its
 * waitlist (thousands of rows at most), read in one query.
 */
export async function listParticipants(eventId: string): Promise<Participant[]> {
  const rows = await db()
    .select({
      id: participations.id,
      name: users.name,
      email: whileTakingPart<string>(users.email),
      phone: whileTakingPart<string | null>(users.phone),
      city: whileTakingPart<string | null>(volunteers.city),
      state: whileTakingPart<string | null>(volunteers.state),
      status: participations.status,
      joinedAt: participations.joinedAt,
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .leftJoin(volunteers, eq(volunteers.userId, participations.userId))
    .where(eq(participations.eventId, eventId))
    .orderBy(STATUS_ORDER, asc(participations.joinedAt), asc(participations.id));
  let waiting = 0;
  return rows.map(({ city, state, status, ...row }) => ({
    ...row,
    phone: row.phone || null,
    city: city && state ? `${city}/${state}` : null,
    status: status as ParticipationStatus,
    joined: joinedText(row.joinedAt),
    position: status === "WAITLISTED" ? ++waiting : null,
  }));
}
