import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, events, participations, users } from "~/db/schema";
import { MOVE_NOTICE_WINDOW_MINUTES, sendDueMoveNotices } from "~/events/event-notices.server";
import { updateEvent } from "~/events/institution-events.server";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { processImageUpload } from "~/images/pipeline.server";
import { isAppError } from "~/lib/app-error";
import {
  cancelParticipation,
  eventPlaces,
  joinEvent,
  participationState,
} from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { eventInputOf } from "../helpers/event-input";
import { makeJpeg } from "../helpers/images";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Taking part in an event (issue 15, item 2) on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): places, the waitlist and its promotion, no double booking and no
 * overbooking when many people tap at once. Time is moved by the test (`now`), never waited for.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let people = 0;

const NOW = new Date("2026-12-01T12:00:00Z");
const eventUrl = (id: string) => `${TEST_ORIGIN}/eventos/${id}`;

async function volunteer(): Promise<string> {
  people += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `pessoa${people}@teste.org.br`,
      name: `Pessoa ${people}`,
      profile: "VOLUNTEER",
    })
    .returning({ id: users.id });
  return row?.id ?? "";
}

async function event(places: number | null, date = "2026-12-10", startTime = "09:00") {
  const [row] = await db
    .insert(events)
    .values({
      institutionId,
      name: `Mutirão com ${places ?? "sem limite de"} vagas`,
      eventDate: date,
      startTime,
      endTime: "12:00",
      resume: "Resumo.",
      about: "Sobre o mutirão.",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      city: "Recife",
      state: "PE",
      status: "APPROVED",
      places,
    })
    .returning({ id: events.id });
  return row?.id ?? "";
}

async function statuses(eventId: string) {
  const rows = await db
    .select({ status: participations.status })
    .from(participations)
    .where(eq(participations.eventId, eventId));
  const tally: Record<string, number> = {};
  for (const { status } of rows) tally[status] = (tally[status] ?? 0) + 1;
  return tally;
}

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "ONG Teste",
    email: "ong@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

describe("taking part in an event", () => {
  it("gives 50 people tapping at once on 10 places exactly 10 places and 40 waiting", async () => {
    const eventId = await event(10);
    const ids = await Promise.all(Array.from({ length: 50 }, () => volunteer()));
    const results = await Promise.all(
      ids.map((userId) => joinEvent({ eventId, userId, now: NOW })),
    );
    expect(results.filter((status) => status === "CONFIRMED")).toHaveLength(10);
    expect(results.filter((status) => status === "WAITLISTED")).toHaveLength(40);
    expect(await statuses(eventId)).toEqual({ CONFIRMED: 10, WAITLISTED: 40 });
    expect(await eventPlaces(eventId)).toEqual({ confirmed: 10, waiting: 40 });
    // A second tap (and a burst of them) books nothing more.
    const again = await Promise.all(
      ids.slice(0, 20).map((userId) => joinEvent({ eventId, userId, now: NOW })),
    );
    expect(again).toEqual(results.slice(0, 20));
    expect(await statuses(eventId)).toEqual({ CONFIRMED: 10, WAITLISTED: 40 });
  });

  it("never overbooks when more people tap at once than there are places or connections", async () => {
    // 3 places and a pool of 10 connections: without the event's row lock, the first ten would
    // each count fewer than 3 confirmed and all take a place.
    const eventId = await event(3);
    const ids = await Promise.all(Array.from({ length: 30 }, () => volunteer()));
    await Promise.all(ids.map((userId) => joinEvent({ eventId, userId, now: NOW })));
    expect(await statuses(eventId)).toEqual({ CONFIRMED: 3, WAITLISTED: 27 });
  });

  it("promotes the person waiting longest when a place opens, and e-mails them once", async () => {
    const eventId = await event(2);
    const [ana, bia, caio, davi] = await Promise.all([
      volunteer(),
      volunteer(),
      volunteer(),
      volunteer(),
    ]);
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(await joinEvent({ eventId, userId: ana as string, now: at(0) })).toBe("CONFIRMED");
    expect(await joinEvent({ eventId, userId: bia as string, now: at(1) })).toBe("CONFIRMED");
    expect(await joinEvent({ eventId, userId: caio as string, now: at(2) })).toBe("WAITLISTED");
    expect(await joinEvent({ eventId, userId: davi as string, now: at(3) })).toBe("WAITLISTED");
    expect(await participationState(eventId, davi as string)).toEqual({
      status: "WAITLISTED",
      waitlistPosition: 2,
    });

    await cancelParticipation({ eventId, userId: ana as string, now: at(10), eventUrl });
    expect(await participationState(eventId, ana as string)).toEqual({
      status: "CANCELLED",
      waitlistPosition: null,
    });
    expect((await participationState(eventId, caio as string))?.status).toBe("CONFIRMED");
    expect(await participationState(eventId, davi as string)).toEqual({
      status: "WAITLISTED",
      waitlistPosition: 1,
    });
    const mails = await db
      .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
      .from(emailOutbox)
      .where(like(emailOutbox.kind, "participation-promoted"));
    const caioMails = mails.filter((mail) => mail.to === `pessoa${people - 1}@teste.org.br`);
    expect(caioMails).toHaveLength(1);
    expect(caioMails[0]?.subject).toBe("Vaga confirmada: Mutirão com 2 vagas");
    expect(caioMails[0]?.text).toContain(eventUrl(eventId));

    // A waiting person who leaves frees no place; rejoining puts Ana at the end of the queue.
    await cancelParticipation({ eventId, userId: davi as string, now: at(11), eventUrl });
    expect(await joinEvent({ eventId, userId: ana as string, now: at(12) })).toBe("WAITLISTED");
    expect(await statuses(eventId)).toEqual({ CONFIRMED: 2, WAITLISTED: 1, CANCELLED: 1 });
  });

  it("has no limit without places, and closes the list when the event starts", async () => {
    const eventId = await event(null, "2026-12-01", "09:30");
    const person = await volunteer();
    // 09:29 in Brasília is 12:29 UTC: still open.
    const before = new Date("2026-12-01T12:29:00Z");
    expect(await joinEvent({ eventId, userId: person, now: before })).toBe("CONFIRMED");
    const started = new Date("2026-12-01T12:30:00Z");
    const refusal = await cancelParticipation({
      eventId,
      userId: person,
      now: started,
      eventUrl,
    }).catch((error: unknown) => error);
    expect(isAppError(refusal, "conflict")).toBe(true);
    expect((refusal as Error).message).toBe(
      "Este evento já começou: não é mais possível entrar ou sair da lista.",
    );
    expect((await participationState(eventId, person))?.status).toBe("CONFIRMED");
  });

  it("refuses an event that is not approved, or an id that is not one", async () => {
    const eventId = await event(5);
    await db.update(events).set({ status: "PENDING" }).where(eq(events.id, eventId));
    const person = await volunteer();
    for (const id of [eventId, "não-é-um-id"]) {
      const refusal = await joinEvent({ eventId: id, userId: person, now: NOW }).catch(
        (e: unknown) => e,
      );
      expect(isAppError(refusal, "not-found")).toBe(true);
    }
    const none = await db
      .select()
      .from(participations)
      .where(and(eq(participations.eventId, eventId), eq(participations.userId, person)));
    expect(none).toEqual([]);
  });

  it("tells everyone taking part, once, when the institution moves the event", async () => {
    const eventId = await event(1, "2026-12-20", "09:00");
    const [ana, bia] = [await volunteer(), await volunteer()];
    await joinEvent({ eventId, userId: ana, now: NOW });
    await joinEvent({ eventId, userId: bia, now: NOW });
    const [row] = await db.select().from(events).where(eq(events.id, eventId));
    if (!row) throw new Error("no event");
    const input = {
      ...eventInputOf(row, { startTime: "09:00", endTime: "12:00" }),
      cover: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "cover"),
    };
    // The first save (a cover) changes no date, time or place: nobody is told; SEQUENCE rises.
    await updateEvent(institutionId, eventId, input);
    const changed = () =>
      db.select().from(emailOutbox).where(eq(emailOutbox.kind, "event-changed"));
    expect(await changed()).toEqual([]);
    await updateEvent(institutionId, eventId, {
      ...input,
      startTime: "14:00",
      endTime: "17:00",
      cover: KEEP_SAVED_IMAGE,
    });
    // Told when the window closes (ADR 0068), not at the save.
    expect(await changed()).toEqual([]);
    await sendDueMoveNotices(new Date(Date.now() + (MOVE_NOTICE_WINDOW_MINUTES + 1) * 60_000));
    const mails = await changed();
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [`pessoa${people - 1}@teste.org.br`, `pessoa${people}@teste.org.br`].sort(),
    );
    expect(mails[0]?.subject).toBe(`Evento alterado: ${row.name}`);
    expect(mails[0]?.text).toContain("Horário de início: 09:00 → 14:00");
    const [after] = await db
      .select({ sequence: events.calendarSequence })
      .from(events)
      .where(eq(events.id, eventId));
    expect(after?.sequence).toBe(2);
  });
});
