import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox, participations } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { participantCsvStream } from "~/participation/participant-csv.server";
import { findOwnEvent, listParticipants } from "~/participation/participant-list.server";
import { sendParticipantsMessage } from "~/participation/participant-message.server";
import {
  cancelParticipation,
  joinEvent,
  removeParticipant,
} from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";
import { eventUrl, participationTestbed, participationWorld } from "../helpers/participation-world";

/**
 * The institution's side of an event's list (issue 15, item 3) on a real database: the list in
 * its order with contacts, removal (e-mailed, the place handed on), the CSV, messages to the
 * participants (deduplicated, limited), and other institutions kept out of all of it.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let otherId: string;
let world: ReturnType<typeof participationWorld>;

const NOW = new Date("2026-12-01T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const mailsOf = (kind: string) => db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
const message = (sendId: string, includeWaitlist = false) => ({
  subject: "Ponto de encontro",
  message: "Nos encontramos na praça às 8h.\n\nLevem água e protetor solar.",
  sendId,
  ...(includeWaitlist ? { includeWaitlist: "on" as const } : {}),
});

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Maré",
    email: "mare@teste.org.br",
  }));
  otherId = await insertInstitution(db, {
    name: "Outra ONG",
    email: "outra@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

/** An event with 2 places: Ana and Bia confirmed, Caio and Davi waiting, in that order. */
async function fullEvent() {
  const eventId = await world.event({ places: 2, date: "2026-12-10", name: "Mutirão da Maré" });
  const ana = await world.volunteer("Ana Lima");
  const bia = await world.volunteer("Bia Souza");
  const caio = await world.volunteer("Caio Prado");
  const davi = await world.volunteer("Davi Melo");
  for (const [minute, person] of [ana, bia, caio, davi].entries()) {
    await joinEvent({ eventId, userId: person.id, now: at(minute) });
  }
  const participationOf = async (userId: string) => {
    const [row] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.eventId, eventId), eq(participations.userId, userId)));
    return row?.id ?? "";
  };
  return { eventId, ana, bia, caio, davi, participationOf };
}

describe("an institution's event list", () => {
  it("lists confirmed people, then the waitlist in its order, with contacts", async () => {
    const { eventId } = await fullEvent();
    const people = await listParticipants(eventId);
    expect(people.map((person) => [person.name, person.status, person.position])).toEqual([
      ["Ana Lima", "CONFIRMED", null],
      ["Bia Souza", "CONFIRMED", null],
      ["Caio Prado", "WAITLISTED", 1],
      ["Davi Melo", "WAITLISTED", 2],
    ]);
    expect(people[0]).toMatchObject({
      phone: "81987654321",
      city: "Recife/PE",
      // Joined at 12:00 UTC: 09:00 in Brasília.
      joined: "01/12/2026 às 09:00",
    });
    expect(await findOwnEvent(institutionId, eventId, NOW)).toMatchObject({
      name: "Mutirão da Maré",
      places: 2,
      open: true,
      time: "09:00 às 12:00",
    });
  });

  it("keeps other institutions out: their view, removal, export and messages", async () => {
    const { eventId, ana, participationOf } = await fullEvent();
    expect(await findOwnEvent(otherId, eventId, NOW)).toBeNull();
    expect(await findOwnEvent(institutionId, "não-é-um-id", NOW)).toBeNull();
    const removal = await removeParticipant({
      institutionId: otherId,
      eventId,
      participationId: await participationOf(ana.id),
      now: NOW,
      eventUrl,
    }).catch((error: unknown) => error);
    expect(isAppError(removal, "not-found")).toBe(true);
    const sending = await sendParticipantsMessage({
      institutionId: otherId,
      eventId,
      message: message(crypto.randomUUID()),
    }).catch((error: unknown) => error);
    expect(isAppError(sending, "not-found")).toBe(true);
    expect((await listParticipants(eventId)).map((person) => person.status)).toEqual([
      "CONFIRMED",
      "CONFIRMED",
      "WAITLISTED",
      "WAITLISTED",
    ]);
  });

  it("removes a confirmed person: e-mailed, the place goes to the first waiting, e-mailed", async () => {
    const { eventId, ana, caio, participationOf } = await fullEvent();
    const removed = await removeParticipant({
      institutionId,
      eventId,
      participationId: await participationOf(ana.id),
      now: at(30),
      eventUrl,
    });
    expect(removed.name).toBe("Ana Lima");
    const people = await listParticipants(eventId);
    expect(people.map((person) => [person.name, person.status, person.position])).toEqual([
      ["Bia Souza", "CONFIRMED", null],
      ["Caio Prado", "CONFIRMED", null],
      ["Davi Melo", "WAITLISTED", 1],
      ["Ana Lima", "REMOVED", null],
    ]);
    const toAna = (await mailsOf("participation-removed")).filter((m) => m.to === ana.email);
    expect(toAna).toHaveLength(1);
    expect(toAna[0]?.subject).toBe("Inscrição retirada: Mutirão da Maré");
    expect(toAna[0]?.text).toContain("A instituição Instituto Maré retirou sua inscrição");
    const toCaio = (await mailsOf("participation-promoted")).filter((m) => m.to === caio.email);
    expect(toCaio).toHaveLength(1);

    // Removed people cannot take part again, and removing twice is refused.
    const rejoin = await joinEvent({ eventId, userId: ana.id, now: at(31) }).catch(
      (error: unknown) => error,
    );
    expect(isAppError(rejoin, "forbidden")).toBe(true);
    const again = await removeParticipant({
      institutionId,
      eventId,
      participationId: await participationOf(ana.id),
      now: at(32),
      eventUrl,
    }).catch((error: unknown) => error);
    expect(isAppError(again, "not-found")).toBe(true);
  });

  it("removes a waiting person without promoting anyone, and not once the event started", async () => {
    const { eventId, davi, bia, participationOf } = await fullEvent();
    await removeParticipant({
      institutionId,
      eventId,
      participationId: await participationOf(davi.id),
      now: at(30),
      eventUrl,
    });
    expect((await listParticipants(eventId)).map((person) => person.status)).toEqual([
      "CONFIRMED",
      "CONFIRMED",
      "WAITLISTED",
      "REMOVED",
    ]);
    // 09:00 in Brasília on the 10th is 12:00 UTC.
    const late = await removeParticipant({
      institutionId,
      eventId,
      participationId: await participationOf(bia.id),
      now: new Date("2026-12-10T12:00:00Z"),
      eventUrl,
    }).catch((error: unknown) => error);
    expect(isAppError(late, "conflict")).toBe(true);
  });

  it("exports everyone, those who left too, as a CSV a spreadsheet reads", async () => {
    const { eventId, ana, bia } = await fullEvent();
    await cancelParticipation({ eventId, userId: bia.id, now: at(40), eventUrl });
    const bytes = new Uint8Array(
      await new Response(await participantCsvStream(eventId)).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows: string[][] = parse(text, { bom: true, delimiter: ";" });
    expect(rows[0]).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
      "Cidade",
      "Situação",
      "Posição na lista de espera",
      "Inscrição em",
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[4], row[5]])).toEqual([
      ["Ana Lima", "Confirmada", ""],
      ["Caio Prado", "Confirmada", ""],
      ["Davi Melo", "Lista de espera", "1"],
      ["Bia Souza", "Cancelada pela pessoa", ""],
    ]);
    expect(rows[1]).toEqual([
      "Ana Lima",
      ana.email,
      "(81) 98765-4321",
      "Recife/PE",
      "Confirmada",
      "",
      // 12:00 UTC is 09:00 in Brasília.
      "01/12/2026 09:00:00",
    ]);
    expect(text).toContain("\r\n");
  });

  it("guards the CSV against formulas typed as names", async () => {
    const eventId = await world.event({ places: null, date: "2026-12-11" });
    const person = await world.volunteer('=HYPERLINK("http://x")');
    await joinEvent({ eventId, userId: person.id, now: NOW });
    const text = await new Response(await participantCsvStream(eventId)).text();
    const rows: string[][] = parse(text, { bom: true, delimiter: ";" });
    expect(rows[1]?.[0]).toBe('\'=HYPERLINK("http://x")');
  });

  it("messages the confirmed people once per form, the waitlist when asked", async () => {
    const { eventId, ana, bia, caio, davi } = await fullEvent();
    const sendId = crypto.randomUUID();
    const before = (await mailsOf("participants-message")).length;
    const twice = await Promise.all([
      sendParticipantsMessage({ institutionId, eventId, message: message(sendId) }),
      sendParticipantsMessage({ institutionId, eventId, message: message(sendId) }),
    ]);
    expect(twice.map((outcome) => outcome.sent)).toEqual([2, 2]);
    expect(twice.map((outcome) => outcome.queued).sort()).toEqual([0, 2]);
    const sent = (await mailsOf("participants-message")).slice(before);
    expect(sent.map((mail) => mail.to).sort()).toEqual([ana.email, bia.email].sort());
    expect(sent[0]?.subject).toBe("Ponto de encontro - Mutirão da Maré");
    expect(sent[0]?.text).toContain("Levem água e protetor solar.");
    expect(sent[0]?.text).toContain(
      "Responsável, da instituição Instituto Maré, enviou esta mensagem",
    );

    const withWaitlist = await sendParticipantsMessage({
      institutionId,
      eventId,
      message: message(crypto.randomUUID(), true),
    });
    expect(withWaitlist).toEqual({ sent: 4, queued: 4, repeated: false });
    const last = (await mailsOf("participants-message")).slice(before + 2);
    expect(last.map((mail) => mail.to).sort()).toEqual(
      [ana.email, bia.email, caio.email, davi.email].sort(),
    );
  });

  it("refuses a message with nobody to receive it, and limits messages per institution", async () => {
    const lonely = await insertInstitution(db, {
      name: "ONG Sem Ninguém",
      email: "sem@teste.org.br",
      status: "APPROVED",
    });
    const own = participationWorld(db, lonely);
    const empty = await own.event({ places: null, date: "2026-12-12" });
    const nobody = await sendParticipantsMessage({
      institutionId: lonely,
      eventId: empty,
      message: message(crypto.randomUUID()),
    }).catch((error: unknown) => error);
    expect(isAppError(nobody, "conflict")).toBe(true);

    const eventId = await own.event({ places: null, date: "2026-12-13" });
    const person = await own.volunteer();
    await joinEvent({ eventId, userId: person.id, now: NOW });
    // The refusal above gave its attempt back: ten messages a day go out, the eleventh waits.
    for (let sent = 0; sent < 10; sent += 1) {
      await sendParticipantsMessage({
        institutionId: lonely,
        eventId,
        message: message(crypto.randomUUID()),
      });
    }
    const limited = await sendParticipantsMessage({
      institutionId: lonely,
      eventId,
      message: message(crypto.randomUUID()),
    }).catch((error: unknown) => error);
    expect(isAppError(limited, "rate-limited")).toBe(true);
    expect((limited as Error).message).toMatch(/^Muitas tentativas\. Aguarde/);
  });
});
