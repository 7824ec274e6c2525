import { and, eq, inArray } from "drizzle-orm";
import { publicConfig } from "~/config/public-config.server";
import type { Transaction } from "~/db/client.server";
import { participations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { eventChangedEmail } from "~/email/templates.server";
import type { FieldChange } from "~/lib/field-changes";

/**
 * Tells everyone taking part in an event (confirmed or waiting) that its date, time or place
 * changed, in the transaction that saves the change, through the outbox: each person once per
 * change (the dedupe key carries the event's new calendar sequence).
 */
export async function noticeParticipantsOfMove(
  tx: Transaction,
  event: { id: string; name: string; calendarSequence: number },
  moves: FieldChange[],
): Promise<number> {
  const people = await tx
    .select({ id: participations.id, email: users.email, name: users.name })
    .from(participations)
    .innerJoin(users, eq(users.id, participations.userId))
    .where(
      and(
        eq(participations.eventId, event.id),
        inArray(participations.status, ["CONFIRMED", "WAITLISTED"]),
      ),
    );
  const url = new URL(`/eventos/${event.id}`, publicConfig().baseUrl).toString();
  const lines = moves.map((move) => `${move.field}: ${move.before} → ${move.after}`);
  for (const person of people) {
    await enqueueEmail(tx, {
      to: person.email,
      kind: "event-changed",
      dedupeKey: `event-changed:${event.id}:${event.calendarSequence}:${person.id}`,
      ...eventChangedEmail({ name: person.name, eventName: event.name, changes: lines, url }),
    });
  }
  return people.length;
}
