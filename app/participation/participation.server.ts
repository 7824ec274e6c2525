import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { issueJoinedEventAgreement } from "~/agreements/event-agreements.server";
import { issueEventAgreement } from "~/agreements/issue-agreement.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { db, type Transaction } from "~/db/client.server";
import { events, institutions, participations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { participationPromotedEmail } from "~/email/templates.server";
import { formatIsoDateLong } from "~/events/event-dates";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { zonedWallClock } from "~/lib/zoned-day";
import { participationRemovedEmail } from "./participant-emails.server";
import { PARTICIPATION_MESSAGES } from "./participation-messages";

/**
 * Taking part in an event (issue 15): one tap takes a place; when the places are full the person
 * joins the waitlist, and the oldest waiting person is promoted (and e-mailed) when a place opens.
 *
 * Concurrency: every change to an event's list first locks the event's row (`SELECT ... FOR
 * UPDATE`), so joins, cancellations and promotions of one event run one after another, on
 * PostgreSQL with many connections as on PGlite, and the count of confirmed places read inside
 * the lock is the truth: no overbooking. The unique (event, person) index makes a double tap one
 * row (no double booking).
 */
export type ParticipationStatus = "CONFIRMED" | "WAITLISTED" | "CANCELLED" | "REMOVED";

export interface ParticipationState {
  status: ParticipationStatus;
  /** 1 for the next person to be promoted; only while WAITLISTED. */
  waitlistPosition: number | null;
}

interface LockedEvent {
  id: string;
  name: string;
  eventDate: string;
  startTime: string | null;
  places: number | null;
}

/** The instant the event starts in Brasília (the start of its day when it has no time). */
export function eventStartsAt(event: { eventDate: string; startTime: string | null }): Date {
  return zonedWallClock(event.eventDate, event.startTime ?? "00:00", BRAZIL_TIME_ZONE);
}

/** Locks an approved event's row for the rest of the transaction; refuses one that started. */
function lockOpenEvent(tx: Transaction, eventId: string, now: Date): Promise<LockedEvent> {
  return lockEvent(tx, eventId, eq(events.status, "APPROVED"), now);
}

/**
 * Locks the event's row (`SELECT ... FOR UPDATE`) when `which` holds for it; "not found"
 * otherwise (a bad id, another institution's event), "conflict" once it started.
 */
async function lockEvent(tx: Transaction, eventId: string, which: SQL | undefined, now: Date) {
  if (!isUuid(eventId)) throw new AppError("not-found", PARTICIPATION_MESSAGES.eventNotFound);
  const [event] = await tx
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      startTime: events.startTime,
      places: events.places,
      status: events.status,
      institutionName: institutions.name,
    })
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(and(eq(events.id, eventId), which))
    .for("update", { of: events });
  if (!event) throw new AppError("not-found", PARTICIPATION_MESSAGES.eventNotFound);
  if (event.status === "DELETED") {
    throw new AppError("conflict", PARTICIPATION_MESSAGES.eventCancelled);
  }
  if (eventStartsAt(event).getTime() <= now.getTime()) {
    throw new AppError("conflict", PARTICIPATION_MESSAGES.eventStarted);
  }
  return event;
}

async function confirmedCount(tx: Transaction, eventId: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.status, "CONFIRMED")));
  return row?.value ?? 0;
}

/**
 * "Quero participar": a place when one is free, the waitlist otherwise. Joining again while
 * confirmed or waiting changes nothing (a double tap, two tabs).
 */
export async function joinEvent(input: {
  eventId: string;
  userId: string;
  now?: Date;
}): Promise<ParticipationStatus> {
  const now = input.now ?? new Date();
  const joined = await db().transaction(async (tx) => {
    const event = await lockOpenEvent(tx, input.eventId, now);
    const [current] = await tx
      .select({ status: participations.status })
      .from(participations)
      .where(and(eq(participations.eventId, event.id), eq(participations.userId, input.userId)));
    if (current?.status === "CONFIRMED" || current?.status === "WAITLISTED") {
      const kept: ParticipationStatus = current.status;
      return { status: kept, newPlace: null };
    }
    // The institution took this person off the list: joining again would undo its decision.
    if (current?.status === "REMOVED") {
      throw new AppError("forbidden", PARTICIPATION_MESSAGES.removed);
    }
    const free = event.places === null || (await confirmedCount(tx, event.id)) < event.places;
    const status: ParticipationStatus = free ? "CONFIRMED" : "WAITLISTED";
    const [row] = await tx
      .insert(participations)
      .values({ eventId: event.id, userId: input.userId, status, joinedAt: now })
      .onConflictDoUpdate({
        target: [participations.eventId, participations.userId],
        // Back at the end of the queue, and reminded afresh.
        set: { status, joinedAt: now, updatedAt: now, remindedForStart: null },
      })
      .returning({ id: participations.id });
    return { status, newPlace: status === "CONFIRMED" ? (row?.id ?? null) : null };
  });
  // A confirmed place is served under a termo de adesão (ADR 0049), issued past the lock.
  if (joined.newPlace) await issueJoinedEventAgreement(joined.newPlace, now);
  return joined.status;
}

/**
 * The person leaves the event (until it starts). A place they held goes to the oldest person
 * waiting, who is e-mailed in the same transaction (through the outbox).
 */
export async function cancelParticipation(input: {
  eventId: string;
  userId: string;
  now?: Date;
  eventUrl: (eventId: string) => string;
}): Promise<void> {
  const now = input.now ?? new Date();
  await db().transaction(async (tx) => {
    const event = await lockOpenEvent(tx, input.eventId, now);
    const left = await takeOffList(
      tx,
      event.id,
      eq(participations.userId, input.userId),
      "CANCELLED",
      now,
    );
    if (!left) throw new AppError("conflict", PARTICIPATION_MESSAGES.notTakingPart);
    await promoteWaiting(tx, event, now, input.eventUrl(event.id));
  });
}

/**
 * The institution takes a person off its event's list (issue 15, item 3): status REMOVED (they
 * cannot rejoin), e-mailed, and a place they held goes to the oldest person waiting, audited
 * "participant.remove" with who got the place, all in one transaction under the event's row lock. Only the event's own institution, until it starts;
 * another institution's event is "not found", like an id that does not exist.
 */
export async function removeParticipant(input: {
  institutionId: string;
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
  eventId: string;
  participationId: string;
  now?: Date;
  eventUrl: (eventId: string) => string;
}): Promise<{ name: string }> {
  const now = input.now ?? new Date();
  if (!isUuid(input.participationId)) {
    throw new AppError("not-found", PARTICIPATION_MESSAGES.participantNotFound);
  }
  return db().transaction(async (tx) => {
    const event = await lockOwnEvent(tx, input.institutionId, input.eventId, now);
    // Read under the event's lock: what the person held is what the removal ends.
    const [before] = await tx
      .select({ status: participations.status })
      .from(participations)
      .where(
        and(eq(participations.id, input.participationId), eq(participations.eventId, event.id)),
      );
    const removed = await takeOffList(
      tx,
      event.id,
      eq(participations.id, input.participationId),
      "REMOVED",
      now,
    );
    if (!removed) throw new AppError("not-found", PARTICIPATION_MESSAGES.participantNotFound);
    const [person] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, removed.userId));
    const url = input.eventUrl(event.id);
    if (person) {
      await enqueueEmail(tx, {
        to: person.email,
        kind: "participation-removed",
        sender: input.institutionId,
        dedupeKey: `participation-removed:${removed.id}:${now.getTime()}`,
        ...participationRemovedEmail({
          name: person.name,
          eventName: event.name,
          when: formatIsoDateLong(event.eventDate),
          institutionName: event.institutionName,
          url,
        }),
      });
    }
    const promoted = await promoteWaiting(tx, event, now, url);
    await recordAudit(tx, {
      actorId: input.actorId ?? input.institutionId,
      action: "participant.remove",
      targetType: "user",
      targetId: removed.userId,
      details: {
        name: person?.name ?? "",
        event: event.name,
        eventId: event.id,
        previous: before?.status,
        // The waitlist's people who got the place in the same transaction.
        promoted: promoted.map((entry) => entry.name),
      },
    });
    return { name: person?.name ?? "" };
  });
}

/** Locks one of the institution's events (not cancelled, not started) for the transaction. */
function lockOwnEvent(tx: Transaction, institutionId: string, eventId: string, now: Date) {
  return lockEvent(tx, eventId, eq(events.institutionId, institutionId), now);
}

/** Ends one person's place or wait in the event's list; undefined when they held neither. */
async function takeOffList(
  tx: Transaction,
  eventId: string,
  person: SQL,
  status: "CANCELLED" | "REMOVED",
  now: Date,
) {
  const [row] = await tx
    .update(participations)
    .set({ status, updatedAt: now })
    .where(and(person, eq(participations.eventId, eventId), inActiveStatus()))
    .returning({ id: participations.id, userId: participations.userId });
  return row;
}

/** Taking part: holding a place or waiting for one. */
const TAKING_PART = ["CONFIRMED", "WAITLISTED"] as const;
const inActiveStatus = () => inArray(participations.status, [...TAKING_PART]);

/**
 * Fills the event's free places from the waitlist, oldest first, e-mailing each person; returns
 * who was promoted.
 */
async function promoteWaiting(
  tx: Transaction,
  event: LockedEvent,
  now: Date,
  eventUrl: string,
): Promise<{ name: string }[]> {
  // Without a limit nobody ever waits.
  if (event.places === null) return [];
  const free = event.places - (await confirmedCount(tx, event.id));
  if (free <= 0) return [];
  const waiting = await tx
    .select({ id: participations.id, email: users.email, name: users.name })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(and(eq(participations.eventId, event.id), eq(participations.status, "WAITLISTED")))
    .orderBy(asc(participations.joinedAt), asc(participations.id))
    .limit(free);
  for (const person of waiting) {
    await tx
      .update(participations)
      .set({ status: "CONFIRMED", updatedAt: now })
      .where(eq(participations.id, person.id));
    await issueEventAgreement(tx, person.id, now);
    await enqueueEmail(tx, {
      to: person.email,
      kind: "participation-promoted",
      sender: null,
      dedupeKey: `participation-promoted:${person.id}:${now.getTime()}`,
      ...participationPromotedEmail({
        name: person.name,
        eventName: event.name,
        when: formatIsoDateLong(event.eventDate),
        url: eventUrl,
      }),
    });
  }
  return waiting;
}

/** The person's state in an event's list, or null when they never joined. */
export async function participationState(
  eventId: string,
  userId: string,
): Promise<ParticipationState | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await db()
    .select({ status: participations.status, joinedAt: participations.joinedAt })
    .from(participations)
    .where(and(eq(participations.eventId, eventId), eq(participations.userId, userId)));
  if (!row) return null;
  const status = row.status as ParticipationStatus;
  if (status !== "WAITLISTED") return { status, waitlistPosition: null };
  const [ahead] = await db()
    .select({ value: count() })
    .from(participations)
    .where(
      and(
        eq(participations.eventId, eventId),
        eq(participations.status, "WAITLISTED"),
        sql`${participations.joinedAt} < ${row.joinedAt}`,
      ),
    );
  return { status, waitlistPosition: (ahead?.value ?? 0) + 1 };
}

/** How many places are taken and how many people wait, for the event page. */
export async function eventPlaces(
  eventId: string,
): Promise<{ confirmed: number; waiting: number }> {
  const rows = await db()
    .select({ status: participations.status, value: count() })
    .from(participations)
    .where(and(eq(participations.eventId, eventId), inActiveStatus()))
    .groupBy(participations.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.value ?? 0;
  return { confirmed: of("CONFIRMED"), waiting: of("WAITLISTED") };
}

/** An online or hybrid event's link, for a confirmed participant's eyes only. */
export async function confirmedOnlineLink(eventId: string, userId: string): Promise<string | null> {
  const [row] = await db()
    .select({ link: events.onlineLink })
    .from(events)
    .innerJoin(participations, eq(participations.eventId, events.id))
    .where(
      and(
        eq(events.id, eventId),
        eq(participations.userId, userId),
        eq(participations.status, "CONFIRMED"),
      ),
    );
  return row?.link ?? null;
}
