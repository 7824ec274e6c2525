import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, events, participations } from "~/db/schema";
import {
  cancelParticipation,
  joinEvent,
  removeParticipant,
} from "~/participation/participation.server";
import { runParticipationReminders } from "~/participation/participation-reminders.server";
import type { TestDatabase } from "../helpers/database";
import {
  eventUrl,
  participationTestbed,
  type participationWorld,
} from "../helpers/participation-world";

/**
 * The 24-hour reminders (issue 15, item 4) on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set, where runs race on a pool of connections as two instances would):
 * one e-mail per confirmed participant, none early, none for people not holding a place, and a
 * new one after the event moves. The clock is the `now` the test passes.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;

const JOINED = new Date("2026-12-01T12:00:00Z");

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Lembrete",
    email: "lembrete@teste.org.br",
  }));
});

afterAll(async () => {
  await database?.dispose();
});

/** The reminders queued for an event, as recipients. */
async function remindersTo(eventId: string): Promise<string[]> {
  const ids = await db
    .select({ id: participations.id })
    .from(participations)
    .where(eq(participations.eventId, eventId));
  if (ids.length === 0) return [];
  const keys = await db
    .select({ to: emailOutbox.to, key: emailOutbox.dedupeKey })
    .from(emailOutbox)
    .where(eq(emailOutbox.kind, "participation-reminder"));
  const ours = new Set(ids.map((row) => row.id));
  return keys
    .filter((row) => ours.has(row.key.split(":")[1] ?? ""))
    .map((row) => row.to)
    .sort();
}

async function join(eventId: string, count: number) {
  const people = [];
  for (let index = 0; index < count; index += 1) {
    const person = await world.volunteer();
    await joinEvent({ eventId, userId: person.id, now: JOINED });
    people.push(person);
  }
  return people;
}

describe("24-hour reminders", () => {
  it("reminds each confirmed person once, from 24 hours before, however many runs race", async () => {
    // 09:00 in Brasília on 10 December is 12:00 UTC.
    const eventId = await world.event({ places: 12, date: "2026-12-10", name: "Plantio" });
    const people = await join(eventId, 12);
    expect(await runParticipationReminders(new Date("2026-12-09T11:59:00Z"))).toBe(0);
    expect(await remindersTo(eventId)).toEqual([]);

    const due = new Date("2026-12-09T12:00:00Z");
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => runParticipationReminders(due)),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(await remindersTo(eventId)).toEqual(people.map((person) => person.email).sort());
    // Later runs (a restart, the next tick) find nobody left to remind.
    expect(await runParticipationReminders(new Date("2026-12-09T18:00:00Z"))).toBe(0);
    expect(await remindersTo(eventId)).toHaveLength(12);

    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "participation-reminder"),
          eq(emailOutbox.to, people[0]?.email ?? ""),
        ),
      );
    expect(mail?.subject).toBe("Lembrete: Plantio é amanhã");
    expect(mail?.text).toContain("quinta-feira, 10 de dezembro de 2026, das 09:00 às 12:00");
    expect(mail?.text).toContain("Local: Rua A, 1 - Centro, Recife/PE.");
    expect(mail?.text).toContain(eventUrl(eventId));
  });

  it("reminds nobody waiting, cancelled or removed, nor once the event started", async () => {
    const eventId = await world.event({ places: 1, date: "2026-12-11" });
    const [kept, left, waiting, removed] = await join(eventId, 4);
    await cancelParticipation({ eventId, userId: left?.id ?? "", now: JOINED, eventUrl });
    const [row] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(
        and(eq(participations.eventId, eventId), eq(participations.userId, removed?.id ?? "")),
      );
    await removeParticipant({
      institutionId,
      eventId,
      participationId: row?.id ?? "",
      now: JOINED,
      eventUrl,
    });
    // Kept confirmed; the one who left freed a place, which went to the first waiting person.
    const statuses = await db
      .select({ userId: participations.userId, status: participations.status })
      .from(participations)
      .where(eq(participations.eventId, eventId));
    const confirmed = statuses.filter((entry) => entry.status === "CONFIRMED");
    expect(confirmed).toHaveLength(1);
    expect(statuses.find((entry) => entry.userId === waiting?.id)?.status).toBe("WAITLISTED");

    await runParticipationReminders(new Date("2026-12-10T13:00:00Z"));
    expect(await remindersTo(eventId)).toEqual([kept?.email]);
    // An event that started is past reminding: someone confirmed late gets nothing.
    await db
      .update(participations)
      .set({ status: "CONFIRMED" })
      .where(eq(participations.userId, waiting?.id ?? ""));
    expect(await runParticipationReminders(new Date("2026-12-11T12:00:00Z"))).toBe(0);
  });

  it("reminds a whole-day event from the start of the day before, in Brasília", async () => {
    const eventId = await world.event({ places: null, date: "2026-12-22", startTime: null });
    const [person] = await join(eventId, 1);
    // 00:00 on the 22nd in Brasília is 03:00 UTC: the window opens at 03:00 UTC on the 21st.
    await runParticipationReminders(new Date("2026-12-21T02:59:00Z"));
    expect(await remindersTo(eventId)).toEqual([]);
    await runParticipationReminders(new Date("2026-12-21T03:00:00Z"));
    expect(await remindersTo(eventId)).toEqual([person?.email]);
  });

  it("reminds again, once, for the new time after the event moves", async () => {
    const eventId = await world.event({ places: null, date: "2026-12-14", name: "Sopão" });
    const people = await join(eventId, 3);
    const emails = people.map((person) => person.email).sort();
    await runParticipationReminders(new Date("2026-12-13T13:00:00Z"));
    expect(await remindersTo(eventId)).toEqual(emails);

    // The institution moves it to the 15th at 14:00 (what updateEvent saves for a move).
    await db
      .update(events)
      .set({ eventDate: "2026-12-15", startTime: "14:00", endTime: "17:00", calendarSequence: 1 })
      .where(eq(events.id, eventId));
    // Still more than 24 hours before the new start (17:00 UTC on the 15th): nothing yet.
    expect(await runParticipationReminders(new Date("2026-12-14T16:59:00Z"))).toBe(0);
    const due = new Date("2026-12-14T17:00:00Z");
    const counts = await Promise.all([
      runParticipationReminders(due),
      runParticipationReminders(due),
    ]);
    expect(counts[0] + counts[1]).toBe(3);
    expect(await remindersTo(eventId)).toEqual([...emails, ...emails].sort());
    const latest = await db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "participation-reminder"), inArray(emailOutbox.to, emails)));
    expect(latest.filter((mail) => mail.text.includes("das 14:00 às 17:00"))).toHaveLength(3);
    const subjects = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "participation-reminder"), inArray(emailOutbox.to, emails)));
    expect(subjects.map((row) => row.subject)).toEqual(Array(6).fill("Lembrete: Sopão é amanhã"));
    expect(await runParticipationReminders(new Date("2026-12-15T10:00:00Z"))).toBe(0);
  });

  it("says 'hoje' to someone who confirms on the event's day", async () => {
    // 10:00 in Brasília on the 24th is 13:00 UTC; the person joins at 06:00 in Brasília.
    const eventId = await world.event({ places: null, date: "2026-12-24", startTime: "10:00" });
    const person = await world.volunteer();
    const morning = new Date("2026-12-24T09:00:00Z");
    await joinEvent({ eventId, userId: person.id, now: morning });
    await runParticipationReminders(morning);
    const [mail] = await db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "participation-reminder"), eq(emailOutbox.to, person.email)));
    expect(mail?.subject).toBe("Lembrete: Mutirão de 2026-12-24 é hoje");
  });
});
