import { and, asc, eq, gte, lte, type SQL } from "drizzle-orm";
import { type TermoState, termoStateOfHours } from "~/agreements/agreement-gate.server";
import type { Database, Transaction } from "~/db/client.server";
import { events, volunteerHours } from "~/db/schema";
import { isUuid } from "~/lib/uuid";

/** One confirmed row of someone's hours, as certificates and "Minha jornada" read it. */
export interface ConfirmedHours {
  id: string;
  institutionId: string;
  kind: "EVENT" | "ONGOING";
  eventId: string | null;
  requestId: string | null;
  /** yyyy-mm-dd: the event's day, or the first day of the month of an ongoing activity. */
  workedOn: string;
  minutes: number;
  /** The event's name, or "Voluntariado contínuo" with what was done. */
  activity: string;
  /** When the institution last decided the row: a revocation before it no longer holds it. */
  decidedAt: Date | null;
  /** The relationship's termo: only ACCEPTED rows enter a certificate (ADR 0070). */
  termo: TermoState;
}

export const ONGOING_ACTIVITY = "Voluntariado contínuo";

/** "Voluntariado contínuo: oficinas de leitura", or the bare label without a description. */
export function ongoingActivity(description: string | null): string {
  const done = description?.trim();
  return done ? `${ONGOING_ACTIVITY}: ${done}` : ONGOING_ACTIVITY;
}

/**
 * A person's CONFIRMED hours, oldest first (ADR 0051): the only hours that count anywhere.
 * Optionally of one institution and within [from, to] (yyyy-mm-dd, inclusive). Read through the
 * (volunteer_id, status, worked_on) index.
 */
export async function confirmedHoursOf(
  database: Database | Transaction,
  filter: { volunteerId: string; institutionId?: string; from?: string; to?: string },
): Promise<ConfirmedHours[]> {
  // A malformed id matches nobody instead of failing the uuid cast.
  if (!isUuid(filter.volunteerId)) return [];
  if (filter.institutionId !== undefined && !isUuid(filter.institutionId)) return [];
  const conditions: SQL[] = [
    eq(volunteerHours.volunteerId, filter.volunteerId),
    eq(volunteerHours.status, "CONFIRMED"),
  ];
  if (filter.institutionId) conditions.push(eq(volunteerHours.institutionId, filter.institutionId));
  if (filter.from) conditions.push(gte(volunteerHours.workedOn, filter.from));
  if (filter.to) conditions.push(lte(volunteerHours.workedOn, filter.to));
  const rows = await database
    .select({
      id: volunteerHours.id,
      institutionId: volunteerHours.institutionId,
      kind: volunteerHours.kind,
      eventId: volunteerHours.eventId,
      requestId: volunteerHours.requestId,
      workedOn: volunteerHours.workedOn,
      minutes: volunteerHours.minutes,
      description: volunteerHours.description,
      eventName: events.name,
      decidedAt: volunteerHours.decidedAt,
      termo: termoStateOfHours,
    })
    .from(volunteerHours)
    .leftJoin(events, eq(events.id, volunteerHours.eventId))
    .where(and(...conditions))
    .orderBy(asc(volunteerHours.workedOn), asc(volunteerHours.createdAt), asc(volunteerHours.id));
  return rows.map(({ description, eventName, ...row }) => ({
    ...row,
    kind: row.kind as ConfirmedHours["kind"],
    activity: row.kind === "EVENT" ? (eventName ?? "") : ongoingActivity(description),
  }));
}
