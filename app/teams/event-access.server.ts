import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { recordAudit } from "~/admin/audit.server";
import { db } from "~/db/client.server";
import { eventCoordinators, events, institutionMembers } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { type ActingMember, TEAM_MESSAGES } from "./team-roles";

/**
 * Which events a member runs (issue 41, item 4). Everyone on the team runs every event of the
 * institution, except a limited coordinator: only those they created (`events.created_by`) and
 * those assigned to them (`event_coordinators`).
 */

/** True when `member` may act on event `eventId` (or the id is not an event of theirs at all). */
export async function canRunEvent(member: ActingMember, eventId: string): Promise<boolean> {
  if (!member.limited) return true;
  if (!isUuid(eventId)) return true; // not an event: the route's own query answers "not found"
  const [row] = await db()
    .select({
      institutionId: events.institutionId,
      createdBy: events.createdBy,
      assigned: eventCoordinators.userId,
    })
    .from(events)
    .leftJoin(
      eventCoordinators,
      and(eq(eventCoordinators.eventId, events.id), eq(eventCoordinators.userId, member.userId)),
    )
    .where(eq(events.id, eventId))
    .limit(1);
  // Another institution's event (or none): the route's query, scoped to the institution, 404s.
  if (!row || row.institutionId !== member.institutionId) return true;
  return row.createdBy === member.userId || row.assigned !== null;
}

/**
 * A condition on `events.id` keeping a limited coordinator's lists to their events; undefined
 * (no condition) for everyone else. For lists of events, applications to events, hours, termos.
 */
export function runnableEvents(
  member: Pick<ActingMember, "userId" | "limited">,
  eventId: AnyPgColumn | SQL = events.id,
) {
  if (!member.limited) return undefined;
  return sql`${eventId} in (select ${eventCoordinators.eventId} from ${eventCoordinators} where ${eventCoordinators.userId} = ${member.userId} union all select ${events.id} from ${events} where ${events.createdBy} = ${member.userId})`;
}

/**
 * A responsável or an unlimited coordinator hands an event to a limited coordinator of the
 * team (or takes it back).
 */
export async function setEventAssignment(
  actor: ActingMember,
  input: { eventId: string; userId: string; assigned: boolean },
): Promise<void> {
  if (actor.limited) throw new AppError("forbidden", TEAM_MESSAGES.eventNotAssigned);
  await db().transaction(async (tx) => {
    const [target] = await tx
      .select({ limited: institutionMembers.limited })
      .from(institutionMembers)
      .innerJoin(events, eq(events.institutionId, institutionMembers.institutionId))
      .where(
        and(
          eq(institutionMembers.institutionId, actor.institutionId),
          eq(institutionMembers.userId, input.userId),
          eq(events.id, input.eventId),
        ),
      )
      .limit(1);
    if (!target) throw new AppError("not-found", TEAM_MESSAGES.memberGone);
    if (input.assigned) {
      await tx
        .insert(eventCoordinators)
        .values({ eventId: input.eventId, userId: input.userId, assignedBy: actor.userId })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(eventCoordinators)
        .where(
          and(
            eq(eventCoordinators.eventId, input.eventId),
            eq(eventCoordinators.userId, input.userId),
          ),
        );
    }
    await recordAudit(tx, {
      actorId: actor.userId,
      action: input.assigned ? "event.assign" : "event.unassign",
      targetType: "event",
      targetId: input.eventId,
      details: { member: input.userId },
    });
  });
}

export interface AssignedEvent {
  eventId: string;
  name: string;
  /** yyyy-MM-dd */
  eventDate: string;
}

/** The events each limited coordinator of the institution runs, by user id. */
export async function listAssignments(
  institutionId: string,
): Promise<Record<string, AssignedEvent[]>> {
  const rows = await db()
    .select({
      userId: eventCoordinators.userId,
      eventId: events.id,
      name: events.name,
      eventDate: events.eventDate,
    })
    .from(eventCoordinators)
    .innerJoin(events, eq(events.id, eventCoordinators.eventId))
    .where(and(eq(events.institutionId, institutionId), sql`${events.status} <> 'DELETED'`))
    .orderBy(events.eventDate, events.name);
  const byUser: Record<string, AssignedEvent[]> = {};
  for (const { userId, ...event } of rows) {
    byUser[userId] = [...(byUser[userId] ?? []), event];
  }
  return byUser;
}

/** The institution's events that can be handed to someone: not cancelled, newest day first. */
export async function listAssignableEvents(institutionId: string): Promise<AssignedEvent[]> {
  return db()
    .select({ eventId: events.id, name: events.name, eventDate: events.eventDate })
    .from(events)
    .where(and(eq(events.institutionId, institutionId), sql`${events.status} <> 'DELETED'`))
    .orderBy(sql`${events.eventDate} desc`, events.name)
    .limit(200);
}
