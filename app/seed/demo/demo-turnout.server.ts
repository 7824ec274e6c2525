import { and, asc, eq, gte, isNotNull, lte, notExists } from "drizzle-orm";
import { issueEventAgreement } from "~/agreements/issue-agreement.server";
import type { Transaction } from "~/db/client.server";
import { events, participations } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import type { DemoPlan } from "./plan-types.server";

/** The largest event the demo fills: its volunteers can take every place of it. */
const MOST_PLACES_FILLED = 15;
/** How many of the coming events are full with a waitlist, then how many have few places left. */
const FULL_EVENTS = 2;
const NEARLY_FULL_EVENTS = 3;
const WAITING_PER_FULL_EVENT = 3;
/** The example volunteer and those beside them in demo-recognition keep their own places. */
const FIRST_CROWD_VOLUNTEER = 10;

/**
 * Places taken in the coming events, so the agenda shows how they fill: the nearest events with
 * at most MOST_PLACES_FILLED places (and nobody in them yet) are, in date order, full with people
 * waiting, then left with one or two places. Each confirmed place gets its termo, as a join
 * issues it (waiting for the volunteer's "Li e aceito"); waiting people get theirs when a place
 * opens. Volunteers are taken in turn from the demo's, after the example ones.
 */
export async function writeDemoTurnout(tx: Transaction, plan: DemoPlan, now: Date): Promise<void> {
  const crowd = plan.volunteers.slice(FIRST_CROWD_VOLUNTEER);
  const coming = await tx
    .select({ id: events.id, places: events.places, date: events.eventDate })
    .from(events)
    .where(
      and(
        eq(events.status, "APPROVED"),
        gte(events.eventDate, todayInBrazil(now)),
        isNotNull(events.places),
        lte(events.places, MOST_PLACES_FILLED),
        notExists(tx.select().from(participations).where(eq(participations.eventId, events.id))),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(FULL_EVENTS + NEARLY_FULL_EVENTS);
  let next = 0;
  for (const [index, event] of coming.entries()) {
    const places = event.places ?? 0;
    const full = index < FULL_EVENTS;
    const confirmed = full ? places : places - 1 - (index % 2);
    const waiting = full ? WAITING_PER_FULL_EVENT : 0;
    const people = Array.from(
      { length: confirmed + waiting },
      (_, offset) => crowd[(next + offset) % crowd.length],
    );
    next += people.length;
    // Places taken over the days before today, in order; the waitlist after the last place.
    const rows = await tx
      .insert(participations)
      .values(
        people.flatMap((person, position) =>
          person
            ? [
                {
                  eventId: event.id,
                  userId: person.userId,
                  status: position < confirmed ? "CONFIRMED" : "WAITLISTED",
                  joinedAt: new Date(now.getTime() - (people.length - position) * 3_600_000),
                },
              ]
            : [],
        ),
      )
      .returning({
        id: participations.id,
        status: participations.status,
        at: participations.joinedAt,
      });
    for (const row of rows) {
      if (row.status === "CONFIRMED") await issueEventAgreement(tx, row.id, row.at);
    }
  }
}
