import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import {
  eventTermoStates,
  type TermoState,
  termoMissing,
} from "~/agreements/agreement-gate.server";
import type { EventStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, institutions, participations, users, volunteerHours } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { formatIsoDate, formatTimeRange } from "~/events/event-dates";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { ownEventRow } from "~/participation/participant-list.server";
import { eventStartsAt } from "~/participation/participation.server";
import { hoursConfirmedEmail } from "./hours-emails.server";
import { formatMinutes, minutesBetween } from "./hours-format";
import { HOURS_MESSAGES } from "./hours-limits";
import type { EventEntry } from "./hours-schema";

/**
 * "Confirmar horas" of an event (issue 16, item 3; ADR 0051): after the event starts, its own
 * institution confirms attendance and hours of the people whose place was CONFIRMED, all in one
 * submit, and may correct them later. Another institution's event reads as not found.
 */

export type HoursStatus = "PENDING" | "CONFIRMED" | "DECLINED" | "ABSENT";

export interface HoursEvent {
  id: string;
  name: string;
  status: EventStatus;
  /** "12/12/2026" */
  date: string;
  /** "09:00 às 12:00", or null for a whole-day event. */
  time: string | null;
  /** The event's own length, to prefill; null for a whole-day event (typed instead). */
  defaultMinutes: number | null;
  started: boolean;
}

export interface EventHoursPerson {
  userId: string;
  name: string;
  email: string;
  /** What was saved, or null before the first confirmation. */
  saved: { status: HoursStatus; minutes: number } | null;
  /** Why this person's hours cannot be confirmed yet (their termo), or null (ADR 0070). */
  waitsFor: string | null;
}

/** The institution's event for the hours page, or null (a bad id, another institution's). */
export async function findHoursEvent(
  institutionId: string,
  eventId: string,
  now: Date = new Date(),
): Promise<HoursEvent | null> {
  const row = await ownEventRow(institutionId, eventId);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status as EventStatus,
    date: formatIsoDate(row.eventDate),
    time: formatTimeRange(row.startTime, row.endTime),
    defaultMinutes: minutesBetween(row.startTime, row.endTime),
    started: hasStarted(row, now),
  };
}

/** Hours count only once the event began (Brasília time). */
function hasStarted(event: { eventDate: string; startTime: string | null }, now: Date): boolean {
  return eventStartsAt(event).getTime() <= now.getTime();
}

/** The people whose place was confirmed, with the hours saved for them so far. */
export async function listEventHours(eventId: string): Promise<EventHoursPerson[]> {
  const rows = await db()
    .select({
      userId: participations.userId,
      name: users.name,
      email: users.email,
      status: volunteerHours.status,
      minutes: volunteerHours.minutes,
    })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .leftJoin(
      volunteerHours,
      and(
        eq(volunteerHours.eventId, participations.eventId),
        eq(volunteerHours.volunteerId, participations.userId),
      ),
    )
    .where(and(eq(participations.eventId, eventId), eq(participations.status, "CONFIRMED")))
    .orderBy(asc(users.name), asc(participations.userId));
  const termos = await eventTermoStates(
    db(),
    eventId,
    rows.map((row) => row.userId),
  );
  return rows.map(({ status, minutes, ...row }) => ({
    ...row,
    saved: status === null || minutes === null ? null : { status: status as HoursStatus, minutes },
    waitsFor: termoMissing(termos.get(row.userId) ?? "MISSING", "institution"),
  }));
}

/**
 * Present people whose termo does not let hours through are refused, named, before anything is
 * saved (ADR 0070); marking someone absent needs no termo.
 */
function refuseWithoutTermo(
  entries: EventEntry[],
  termos: Map<string, TermoState>,
  nameOf: (userId: string) => string,
): void {
  const waiting = entries.filter(
    (entry) => entry.present && termoMissing(termos.get(entry.userId) ?? "MISSING", "institution"),
  );
  const first = waiting[0];
  if (!first) return;
  const names = waiting.map((entry) => nameOf(entry.userId)).join(", ");
  const reason = termoMissing(termos.get(first.userId) ?? "MISSING", "institution");
  throw new AppError(
    "conflict",
    `Horas não salvas: ${names} ainda não pode${waiting.length > 1 ? "m" : ""} ter horas confirmadas. ${reason}`,
    { field: `hours-${first.userId}` },
  );
}

/**
 * Saves the event's hours, one row per person (present: CONFIRMED with their minutes; absent:
 * ABSENT), in one transaction under the event's row lock. Only people whose place was
 * CONFIRMED; anyone else in the post is "not found" and nothing is saved. The people whose
 * confirmed hours are new or changed are e-mailed (outbox, deduped by row and minutes) and the
 * decision is audited. Returns how many changed.
 */
export async function confirmEventHours(input: {
  institutionId: string;
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
  eventId: string;
  entries: EventEntry[];
  journeyUrl: string;
  now?: Date;
}): Promise<{ confirmed: number; absent: number; changed: number }> {
  const now = input.now ?? new Date();
  if (!isUuid(input.eventId)) throw new AppError("not-found", HOURS_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        name: events.name,
        status: events.status,
        eventDate: events.eventDate,
        startTime: events.startTime,
        institutionName: institutions.name,
      })
      .from(events)
      .innerJoin(institutions, eq(institutions.userId, events.institutionId))
      .where(and(eq(events.id, input.eventId), eq(events.institutionId, input.institutionId)))
      .for("update", { of: events });
    if (!event) throw new AppError("not-found", HOURS_MESSAGES.notFound);
    if (event.status === "DELETED") throw new AppError("conflict", HOURS_MESSAGES.eventCancelled);
    if (!hasStarted(event, now)) throw new AppError("conflict", HOURS_MESSAGES.eventNotStarted);
    const ids = input.entries.map((entry) => entry.userId);
    if (ids.length === 0) throw new AppError("invalid", HOURS_MESSAGES.nobody);
    if (!ids.every(isUuid)) throw new AppError("not-found", HOURS_MESSAGES.notFound);
    const people = await tx
      .select({
        userId: participations.userId,
        name: users.name,
        email: users.email,
        hoursId: volunteerHours.id,
        status: volunteerHours.status,
        minutes: volunteerHours.minutes,
      })
      .from(participations)
      .innerJoin(users, eq(users.id, participations.userId))
      .leftJoin(
        volunteerHours,
        and(
          eq(volunteerHours.eventId, participations.eventId),
          eq(volunteerHours.volunteerId, participations.userId),
        ),
      )
      .where(
        and(
          eq(participations.eventId, event.id),
          eq(participations.status, "CONFIRMED"),
          inArray(participations.userId, ids),
        ),
      );
    const byId = new Map(people.map((person) => [person.userId, person]));
    if (byId.size !== new Set(ids).size) throw new AppError("not-found", HOURS_MESSAGES.notFound);
    refuseWithoutTermo(
      input.entries,
      await eventTermoStates(tx, event.id, [...byId.keys()]),
      (userId) => byId.get(userId)?.name ?? "",
    );
    const changes: { volunteerId: string; status: HoursStatus; minutes: number }[] = [];
    for (const entry of input.entries) {
      const person = byId.get(entry.userId);
      if (!person) continue;
      const status: HoursStatus = entry.present ? "CONFIRMED" : "ABSENT";
      const minutes = entry.present ? entry.minutes : 0;
      if (person.status === status && person.minutes === minutes) continue;
      const [row] = await tx
        .insert(volunteerHours)
        .values({
          volunteerId: entry.userId,
          institutionId: input.institutionId,
          kind: "EVENT",
          eventId: event.id,
          workedOn: event.eventDate,
          minutes,
          status,
          loggedBy: "INSTITUTION",
          decidedAt: now,
          decidedBy: input.actorId ?? input.institutionId,
        })
        .onConflictDoUpdate({
          target: [volunteerHours.eventId, volunteerHours.volunteerId],
          targetWhere: sql`${volunteerHours.eventId} is not null`,
          set: {
            minutes,
            status,
            workedOn: event.eventDate,
            decidedAt: now,
            decidedBy: input.actorId ?? input.institutionId,
            declineReason: null,
            updatedAt: now,
          },
        })
        .returning({ id: volunteerHours.id });
      changes.push({ volunteerId: entry.userId, status, minutes });
      if (status === "CONFIRMED" && row) {
        await enqueueEmail(tx, {
          to: person.email,
          kind: "hours-confirmed",
          sender: input.institutionId,
          dedupeKey: `hours-confirmed:${row.id}:${minutes}`,
          ...hoursConfirmedEmail({
            name: person.name,
            institutionName: event.institutionName,
            activity: event.name,
            when: formatIsoDate(event.eventDate),
            hours: formatMinutes(minutes),
            url: input.journeyUrl,
          }),
        });
      }
    }
    if (changes.length > 0) {
      await recordAudit(tx, {
        actorId: input.actorId ?? input.institutionId,
        action: "hours.event-confirm",
        targetType: "event",
        targetId: event.id,
        details: { changes },
      });
    }
    return {
      confirmed: input.entries.filter((entry) => entry.present).length,
      absent: input.entries.filter((entry) => !entry.present).length,
      changed: changes.length,
    };
  });
}
