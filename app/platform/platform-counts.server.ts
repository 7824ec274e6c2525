import { and, count, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { events, institutions, participations, users } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import { keptValue } from "~/lib/kept-value";

/**
 * The landing page's platform counts (issue 15, item 8; ADR 0046), always counted from the
 * database, never estimated:
 * - volunteers: volunteer accounts (users.profile VOLUNTEER);
 * - institutions: approved institutions (the ones the public directory lists);
 * - pastEvents ("eventos realizados"): approved events whose day (in Brasília) has passed;
 * - filledPlaces ("vagas preenchidas"): places held, i.e. participations CONFIRMED now in an
 *   approved event, past or upcoming. People waiting, who left or were removed do not count.
 */
export interface PlatformCounts {
  volunteers: number;
  institutions: number;
  pastEvents: number;
  filledPlaces: number;
}

/** How long one count serves the landing page in a process (ADR 0046). */
export const PLATFORM_COUNTS_FRESH_MS = 5 * 60_000;

const total = async (query: PromiseLike<{ value: number }[]>) => (await query)[0]?.value ?? 0;

/** The four counts, straight from the database (four small counts in parallel). */
export async function countPlatform(today = todayInBrazil()): Promise<PlatformCounts> {
  const [volunteers, approved, pastEvents, filledPlaces] = await Promise.all([
    total(db().select({ value: count() }).from(users).where(eq(users.profile, "VOLUNTEER"))),
    total(
      db().select({ value: count() }).from(institutions).where(eq(institutions.status, "APPROVED")),
    ),
    total(
      db()
        .select({ value: count() })
        .from(events)
        .where(and(eq(events.status, "APPROVED"), lt(events.eventDate, today))),
    ),
    total(
      db()
        .select({ value: count() })
        .from(participations)
        .innerJoin(events, eq(events.id, participations.eventId))
        .where(and(eq(participations.status, "CONFIRMED"), eq(events.status, "APPROVED"))),
    ),
  ]);
  return { volunteers, institutions: approved, pastEvents, filledPlaces };
}

/**
 * The counts as the landing page shows them: counted at most once per PLATFORM_COUNTS_FRESH_MS in
 * this process. The landing page is rendered every few seconds (ADR 0008 keeps it 5 s) and for
 * every signed-in visitor; four counts over whole tables are worth doing only now and then.
 */
export const platformCounts = keptValue(PLATFORM_COUNTS_FRESH_MS, () => countPlatform());
