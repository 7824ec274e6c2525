import { asc, eq, sql } from "drizzle-orm";
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

/** New volunteer and institution accounts per week, the last 52 weeks including this one. */
export async function getSignupsPerWeek(): Promise<ChartPoint[]> {
  const result = await db().execute<{ start: string; value: number }>(sql`
    select to_char(week, 'YYYY-MM-DD') as start, count(${users.id})::int as value
    from generate_series(date_trunc('week', now()) - interval '${sql.raw(String(WEEKS - 1))} weeks',
                         date_trunc('week', now()), interval '1 week') as week
    left join ${users} on date_trunc('week', ${users.createdAt}) = week and ${users.role} = 'USER'
    group by week order by week`);
  return result.rows.map((row) => ({ start: row.start, value: Number(row.value) }));
}

/** Events by the month they take place, the last 12 months including this one (not deleted). */
export async function getEventsPerMonth(): Promise<ChartPoint[]> {
  const result = await db().execute<{ start: string; value: number }>(sql`
    select to_char(month, 'YYYY-MM-DD') as start, count(${events.id})::int as value
    from generate_series(date_trunc('month', now()) - interval '${sql.raw(String(MONTHS - 1))} months',
                         date_trunc('month', now()), interval '1 month') as month
    left join ${events} on date_trunc('month', ${events.eventDate}::timestamp) = month
      and ${events.status} <> 'DELETED'
    group by month order by month`);
  return result.rows.map((row) => ({ start: row.start, value: Number(row.value) }));
}

const QUEUE_LIMIT = 5;

/** The oldest items waiting for a decision, first come first served. */
export async function listReviewQueue() {
  const [pendingInstitutions, pendingEvents] = await Promise.all([
    db()
      .select({ id: institutions.userId, name: institutions.name })
      .from(institutions)
      .where(eq(institutions.status, "PENDING"))
      .orderBy(asc(institutions.createdAt))
      .limit(QUEUE_LIMIT),
    db()
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.status, "PENDING"))
      .orderBy(asc(events.createdAt))
      .limit(QUEUE_LIMIT),
  ]);
  return { institutions: pendingInstitutions, events: pendingEvents };
}
