import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
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
 * New volunteer and institution accounts per week, the last 52 weeks including this one. The
 * window's accounts are counted first, from the (profile, created_at) index alone, and then set
 * against its weeks: joining every week to every user by `date_trunc` read, sorted and merged
 * all 111 764 users of the bench's data (182 ms; 37 ms now).
 */
export async function getSignupsPerWeek(): Promise<ChartPoint[]> {
  const first = sql`date_trunc('week', now()) - interval '${sql.raw(String(WEEKS - 1))} weeks'`;
  const result = await db().execute<{ start: string; value: number }>(sql`
    select to_char(week, 'YYYY-MM-DD') as start, coalesce(counted.n, 0)::int as value
    from generate_series(${first}, date_trunc('week', now()), interval '1 week') as week
    left join (
      select date_trunc('week', ${users.createdAt}) as week, count(*) as n
      from ${users}
      where ${users.profile} in ('VOLUNTEER', 'INSTITUTION') and ${users.createdAt} >= ${first}
      group by 1
    ) as counted using (week)
    order by week`);
  return result.rows.map((row) => ({ start: row.start, value: Number(row.value) }));
}

/**
 * Events by the month they take place, the last 12 months including this one (not deleted),
 * counted within the window first, as the sign-ups are (67 ms -> a pass over the window's rows).
 */
export async function getEventsPerMonth(): Promise<ChartPoint[]> {
  const first = sql`date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months'`;
  const result = await db().execute<{ start: string; value: number }>(sql`
    select to_char(month, 'YYYY-MM-DD') as start, coalesce(counted.n, 0)::int as value
    from generate_series(${first}, date_trunc('month', now()), interval '1 month') as month
    left join (
      select date_trunc('month', ${events.eventDate}::timestamp) as month, count(*) as n
      from ${events}
      where ${events.status} <> 'DELETED'
        and ${events.eventDate} >= (${first})::date
        and ${events.eventDate} < (date_trunc('month', now()) + interval '1 month')::date
      group by 1
    ) as counted using (month)
    order by month`);
  return result.rows.map((row) => ({ start: row.start, value: Number(row.value) }));
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
