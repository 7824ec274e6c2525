import { and, asc, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { events, institutions, users } from "~/db/schema";

/** What the dashboard shows beyond the counts: the review queue and two series over 12 months. */

export interface ChartPoint {
  /** ISO date of the period's first day. */
  start: string;
  value: number;
}

/** Both series cover the last 12 months: 52 weeks of sign-ups, 12 months of events. */
const WEEKS = 52;
const MONTHS = 12;

/**
 * Rows counted per week or month over the last `periods` of them, this one included, a period
 * without rows at 0. `counted(first)` is a query of `period` (the period's first instant) and
 * `n`, over the rows from `first` on: the window's rows are counted first and then set against
 * its periods. Joining every period to every row by `date_trunc` instead read, sorted and merged
 * every user (182 ms for the 111 764 of the bench's data) or event (67 ms).
 */
async function perPeriod(
  unit: "week" | "month",
  periods: number,
  counted: (first: SQL) => SQL,
): Promise<ChartPoint[]> {
  const first = sql`date_trunc('${sql.raw(unit)}', now()) - interval '${sql.raw(String(periods - 1))} ${sql.raw(unit)}s'`;
  const result = await db().execute<{ start: string; value: number }>(sql`
    select to_char(period, 'YYYY-MM-DD') as start, coalesce(counted.n, 0)::int as value
    from generate_series(${first}, date_trunc('${sql.raw(unit)}', now()), interval '1 ${sql.raw(unit)}') as period
    left join (${counted(first)}) as counted using (period)
    order by period`);
  return result.rows.map((row) => ({ start: row.start, value: Number(row.value) }));
}

/**
 * New volunteer and institution accounts per week, the last 52 weeks including this one, from
 * the (profile, created_at) index alone (37 ms at 111 764 users).
 */
export function getSignupsPerWeek(): Promise<ChartPoint[]> {
  return perPeriod(
    "week",
    WEEKS,
    (first) => sql`
      select date_trunc('week', ${users.createdAt}) as period, count(*) as n
      from ${users}
      where ${users.profile} in ('VOLUNTEER', 'INSTITUTION') and ${users.createdAt} >= ${first}
      group by 1`,
  );
}

/** Events by the month they take place, the last 12 months including this one (not deleted). */
export function getEventsPerMonth(): Promise<ChartPoint[]> {
  return perPeriod(
    "month",
    MONTHS,
    (first) => sql`
      select date_trunc('month', ${events.eventDate}::timestamp) as period, count(*) as n
      from ${events}
      where ${events.status} <> 'DELETED'
        and ${events.eventDate} >= (${first})::date
        and ${events.eventDate} < (date_trunc('month', now()) + interval '1 month')::date
      group by 1`,
  );
}

const QUEUE_LIMIT = 5;

/** The oldest items waiting for a decision, first come first served. */
export interface QueueItem {
  id: string;
  name: string;
  /** What kind of review: a corrected record sent back, or a new name an approved one asked. */
  note?: string;
}

export async function listReviewQueue() {
  const [pendingInstitutions, renamed, pendingEvents] = await Promise.all([
    db()
      .select({
        id: institutions.userId,
        name: institutions.name,
        resubmitted: sql<boolean>`${institutions.resubmittedAt} is not null`,
      })
      .from(institutions)
      .where(eq(institutions.status, "PENDING"))
      .orderBy(asc(institutions.createdAt))
      .limit(QUEUE_LIMIT),
    // Served by the partial index institutions_proposed_name_idx (few rows at any time).
    db()
      .select({
        id: institutions.userId,
        name: institutions.name,
        proposed: institutions.proposedName,
      })
      .from(institutions)
      .where(and(eq(institutions.status, "APPROVED"), isNotNull(institutions.proposedName)))
      .orderBy(asc(institutions.updatedAt))
      .limit(QUEUE_LIMIT),
    db()
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.status, "PENDING"))
      .orderBy(asc(events.createdAt))
      .limit(QUEUE_LIMIT),
  ]);
  const institutionItems: QueueItem[] = [
    ...pendingInstitutions.map(({ resubmitted, ...item }) =>
      resubmitted ? { ...item, note: "Reenviado" } : item,
    ),
    ...renamed.map(({ proposed, ...item }) => ({ ...item, note: `Novo nome: ${proposed}` })),
  ].slice(0, QUEUE_LIMIT);
  const eventItems: QueueItem[] = pendingEvents;
  return { institutions: institutionItems, events: eventItems };
}
