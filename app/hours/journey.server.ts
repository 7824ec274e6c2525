import { and, desc, eq, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { events, institutions, volunteerHours } from "~/db/schema";
import { formatIsoDate } from "~/events/event-dates";
import { ongoingActivity } from "./confirmed-hours.server";
import { formatMonth } from "./hours-format";

/**
 * "Minha jornada" (issue 16, item 4): the person's confirmed hours in total, by institution
 * and by year, and every activity with its status. Only CONFIRMED rows enter a total; pending,
 * declined and absent ones are listed apart (ADR 0051).
 */

export type JourneyStatus = "PENDING" | "CONFIRMED" | "DECLINED" | "ABSENT";

export interface JourneyActivity {
  id: string;
  /** "12/12/2026" for an event, "novembro de 2026" for a month of an ongoing activity. */
  when: string;
  institutionName: string;
  activity: string;
  minutes: number;
  status: JourneyStatus;
  declineReason: string | null;
}

export interface Journey {
  totalMinutes: number;
  byInstitution: { name: string; minutes: number }[];
  byYear: { year: string; minutes: number }[];
  confirmed: JourneyActivity[];
  /** Pending, declined and absent: shown apart, never counted. */
  others: JourneyActivity[];
}

/**
 * One person's rows, newest first, through the (volunteer_id, status, worked_on) index. A
 * person gives a few hundred activities in years, so the page reads them all in one query.
 */
export async function journeyOf(volunteerId: string): Promise<Journey> {
  const rows = await journeyQuery(volunteerId);
  const activities: JourneyActivity[] = rows.map((row) => ({
    id: row.id,
    when: row.kind === "EVENT" ? formatIsoDate(row.workedOn) : formatMonth(row.workedOn),
    institutionName: row.institutionName,
    activity: row.kind === "EVENT" ? (row.eventName ?? "") : ongoingActivity(row.description),
    minutes: row.minutes,
    status: row.status as JourneyStatus,
    declineReason: row.declineReason,
  }));
  const confirmedRows = rows.filter((row) => row.status === "CONFIRMED");
  return {
    totalMinutes: confirmedRows.reduce((total, row) => total + row.minutes, 0),
    byInstitution: totals(confirmedRows, (row) => row.institutionName).map(([name, minutes]) => ({
      name,
      minutes,
    })),
    byYear: totals(confirmedRows, (row) => row.workedOn.slice(0, 4))
      .sort(([a], [b]) => b.localeCompare(a))
      .map(([year, minutes]) => ({ year, minutes })),
    confirmed: activities.filter((activity) => activity.status === "CONFIRMED"),
    others: activities.filter((activity) => activity.status !== "CONFIRMED"),
  };
}

/** The query behind journeyOf, apart so a test can EXPLAIN it. */
export function journeyQuery(volunteerId: string) {
  return db()
    .select({
      id: volunteerHours.id,
      kind: volunteerHours.kind,
      workedOn: volunteerHours.workedOn,
      minutes: volunteerHours.minutes,
      status: volunteerHours.status,
      description: volunteerHours.description,
      declineReason: volunteerHours.declineReason,
      eventName: events.name,
      institutionName: institutions.name,
    })
    .from(volunteerHours)
    .innerJoin(institutions, eq(institutions.userId, volunteerHours.institutionId))
    .leftJoin(events, eq(events.id, volunteerHours.eventId))
    .where(eq(volunteerHours.volunteerId, volunteerId))
    .orderBy(desc(volunteerHours.workedOn), desc(volunteerHours.createdAt));
}

/** Minutes summed per key, largest first. */
function totals<T extends { minutes: number }>(
  rows: T[],
  keyOf: (row: T) => string,
): [string, number][] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(keyOf(row), (sums.get(keyOf(row)) ?? 0) + row.minutes);
  return [...sums].sort(([a, x], [b, y]) => y - x || a.localeCompare(b, "pt-BR"));
}

// The volunteer home's card, on every visit (ADR 0054).
const confirmedSum = preparedQuery("confirmed_minutes_of", () =>
  db()
    .select({ value: sum(volunteerHours.minutes) })
    .from(volunteerHours)
    .where(
      and(
        eq(volunteerHours.volunteerId, sql.placeholder("volunteerId")),
        eq(volunteerHours.status, "CONFIRMED"),
      ),
    ),
);

/** The volunteer home's card: the confirmed total alone, summed by the database. */
export async function confirmedMinutesOf(volunteerId: string): Promise<number> {
  const [row] = await confirmedSum().execute({ volunteerId });
  return Number(row?.value ?? 0);
}
