import { and, eq, inArray, lte } from "drizzle-orm";
import { publicConfig } from "~/config/public-config.server";
import { db, type Transaction } from "~/db/client.server";
import { eventChangeNotices, events, participations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { eventChangedEmail } from "~/email/templates.server";
import { startPeriodic } from "~/jobs/periodic.server";
import { log } from "~/lib/log.server";
import { type EventFieldValues, netMoves } from "./event-changes";
import { storedValues } from "./event-values.server";

/**
 * Participants hear of an event's new date, time or place once per window, with the net change
 * (ADR 0068): the first save that moves the event keeps the values before it; later saves within
 * the window change nothing here; when the window closes each person confirmed or waiting gets
 * one e-mail comparing those values with the event as it is then, or none when it came back.
 */
export const MOVE_NOTICE_WINDOW_MINUTES = 20;
const EVERY_MS = 60_000;

export async function scheduleMoveNotice(
  tx: Transaction,
  input: { eventId: string; institutionId: string; before: EventFieldValues; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  await tx
    .insert(eventChangeNotices)
    .values({
      eventId: input.eventId,
      institutionId: input.institutionId,
      before: { ...input.before },
      dueAt: new Date(now.getTime() + MOVE_NOTICE_WINDOW_MINUTES * 60_000),
      createdAt: now,
    })
    .onConflictDoNothing({ target: eventChangeNotices.eventId });
}

/**
 * Sends the notices whose window closed by `now`: each is claimed and deleted in the transaction
 * that queues its e-mails, so several instances send it once.
 */
export async function sendDueMoveNotices(now = new Date()): Promise<number> {
  let queued = 0;
  for (;;) {
    const sent = await db().transaction(async (tx) => {
      const [notice] = await tx
        .select()
        .from(eventChangeNotices)
        .where(lte(eventChangeNotices.dueAt, now))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!notice) return null;
      await tx.delete(eventChangeNotices).where(eq(eventChangeNotices.eventId, notice.eventId));
      return noticeParticipants(tx, notice, now);
    });
    if (sent === null) break;
    queued += sent;
  }
  if (queued > 0) log.info({ count: queued }, "event change notices queued");
  return queued;
}

async function noticeParticipants(
  tx: Transaction,
  notice: typeof eventChangeNotices.$inferSelect,
  now: Date,
): Promise<number> {
  const [event] = await tx.select().from(events).where(eq(events.id, notice.eventId));
  if (!event || event.status === "DELETED") return 0;
  const moves = netMoves(notice.before as unknown as EventFieldValues, storedValues(event));
  if (moves.length === 0) return 0;
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
  let queued = 0;
  for (const person of people) {
    const added = await enqueueEmail(tx, {
      to: person.email,
      kind: "event-changed",
      dedupeKey: `event-changed:${event.id}:${notice.createdAt.getTime()}:${person.id}`,
      sender: notice.institutionId,
      overSenderBudget: "drop",
      now,
      ...eventChangedEmail({ name: person.name, eventName: event.name, changes: lines, url }),
    });
    if (added) queued += 1;
  }
  return queued;
}

export function startMoveNotices(): () => Promise<void> {
  return startPeriodic("event change notices", EVERY_MS, () => sendDueMoveNotices());
}
