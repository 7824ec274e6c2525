import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, participations } from "~/db/schema";
import type { SeededAccount } from "./accounts";

/** A day counted from today in Brasília, 'YYYY-MM-DD' (0: today, -1: yesterday). */
export function brazilDay(offset = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
    new Date(),
  );
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** Gives the seeded event named `name` Brasília times ('HH:MM'). */
export async function setEventTimes(db: Database, name: string, start: string, end: string) {
  await db.update(events).set({ startTime: start, endTime: end }).where(eq(events.name, name));
}

/**
 * Writes participations straight into a fixture server's database before it starts (a
 * startFixtureServer `beforeStart`): [event name, account key, status], joined a minute apart in
 * the given order (yesterday), so the first WAITLISTED row of an event is first in its queue.
 */
export async function seedParticipations<K extends string>(
  db: Database,
  accounts: Record<K, SeededAccount>,
  rows: [eventName: string, who: K, status: string][],
): Promise<void> {
  const names = [...new Set(rows.map(([name]) => name))];
  const found = await db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(inArray(events.name, names));
  const ids = new Map(found.map((row) => [row.name, row.id]));
  const start = Date.now() - 86_400_000;
  await db.insert(participations).values(
    rows.map(([name, who, status], index) => {
      const eventId = ids.get(name);
      if (!eventId) throw new Error(`no seeded event "${name}"`);
      return {
        eventId,
        userId: accounts[who].id,
        status,
        joinedAt: new Date(start + (index + 1) * 60_000),
      };
    }),
  );
}
