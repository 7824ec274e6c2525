import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideApplication } from "~/applications/application-decisions.server";
import { listReceivedApplications } from "~/applications/application-lists.server";
import type { Database } from "~/db/client.server";
import { auditLog, emailOutbox, participations, volunteerRequests } from "~/db/schema";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { RETENTION } from "~/jobs/retention.server";
import { participantCsvStream } from "~/participation/participant-csv.server";
import { listParticipants } from "~/participation/participant-list.server";
import {
  cancelParticipation,
  joinEvent,
  removeParticipant,
} from "~/participation/participation.server";
import type { TestDatabase } from "../helpers/database";
import {
  eventUrl,
  participationTestbed,
  type participationWorld,
} from "../helpers/participation-world";

/**
 * Issue 39, item 6 (ADR 0072): personal data kept only as long as it is needed. People who left
 * an event, or were declined, are listed without their contact; sent e-mails lose their text
 * after RETENTION.sentEmailBodyDays and the audit trail its entries after RETENTION.auditYears,
 * by housekeeping (the clock is moved by moving the rows' timestamps).
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;

const NOW = new Date("2026-12-01T12:00:00Z");
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Guarda",
    email: "guarda-retencao@teste.org.br",
  }));
});

afterAll(async () => {
  await database?.dispose();
});

describe("people who left", () => {
  it("appear in the list and the CSV by name and status, without e-mail, phone or city", async () => {
    const eventId = await world.event({ places: 5, date: "2026-12-10", name: "Feira de trocas" });
    const ana = await world.volunteer("Ana Fica");
    const bia = await world.volunteer("Bia Sai");
    const caio = await world.volunteer("Caio Removido");
    for (const [minute, person] of [ana, bia, caio].entries()) {
      await joinEvent({ eventId, userId: person.id, now: at(minute) });
    }
    await cancelParticipation({ eventId, userId: bia.id, now: at(10), eventUrl });
    const [caioPlace] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(and(eq(participations.eventId, eventId), eq(participations.userId, caio.id)));
    await removeParticipant({
      institutionId,
      eventId,
      participationId: caioPlace?.id ?? "",
      now: at(11),
      eventUrl,
    });

    const people = await listParticipants(eventId);
    expect(
      people.map((person) => [person.name, person.status, person.email, person.phone, person.city]),
    ).toEqual([
      ["Ana Fica", "CONFIRMED", ana.email, "81987654321", "Recife/PE"],
      ["Bia Sai", "CANCELLED", null, null, null],
      ["Caio Removido", "REMOVED", null, null, null],
    ]);

    const csv = await new Response(await participantCsvStream(eventId)).text();
    const rows: string[][] = parse(csv, { bom: true, delimiter: ";" });
    expect(rows.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ["Ana Fica", ana.email, "(81) 98765-4321", "Recife/PE", "Confirmada"],
      ["Bia Sai", "", "", "", "Cancelada pela pessoa"],
      ["Caio Removido", "", "", "", "Removida pela instituição"],
    ]);
    expect(csv).not.toContain(bia.email);
    expect(csv).not.toContain(caio.email);
  });

  it("a declined application is listed without the contact the person gave", async () => {
    const dani = await world.volunteer("Dani Recusada");
    const eva = await world.volunteer("Eva Aceita");
    const apply = async (volunteerId: string, replyEmail: string) => {
      const [row] = await db
        .insert(volunteerRequests)
        .values({
          volunteerId,
          institutionId,
          replyEmail,
          phone: "5581987654321",
          summary: "Quero ajudar.",
        })
        .returning({ id: volunteerRequests.id });
      return row?.id ?? "";
    };
    const declined = await apply(dani.id, "dani-resposta@teste.org.br");
    const accepted = await apply(eva.id, "eva-resposta@teste.org.br");
    await decideApplication({ institutionId, requestId: declined, decision: "DECLINED" });
    await decideApplication({ institutionId, requestId: accepted, decision: "ACCEPTED" });
    const listed = await listReceivedApplications(institutionId);
    expect(listed.find((item) => item.id === declined)).toMatchObject({
      volunteerName: "Dani Recusada",
      status: "DECLINED",
      replyEmail: null,
      phone: null,
    });
    expect(listed.find((item) => item.id === accepted)).toMatchObject({
      replyEmail: "eva-resposta@teste.org.br",
      phone: "5581987654321",
    });
  });
});

describe("housekeeping", () => {
  const mail = (key: string, sentAt: Date | null) => ({
    to: "alguem@teste.org.br",
    subject: `Assunto ${key}`,
    text: `Texto ${key}`,
    html: `<p>Texto ${key}</p>`,
    kind: "retention-test",
    dedupeKey: `retention:${key}`,
    sentAt,
  });

  it("empties the text of e-mails sent more than the retention ago, keeping their envelope", async () => {
    const days = RETENTION.sentEmailBodyDays;
    await db.insert(emailOutbox).values([
      mail("velho", new Date(Date.now() - (days + 1) * DAY_MS)),
      mail("recente", new Date(Date.now() - (days - 1) * DAY_MS)),
      // Never sent (still being retried): its text is what will be sent.
      mail("pendente", null),
    ]);
    await runHousekeeping();
    const rows = await db
      .select({
        key: emailOutbox.dedupeKey,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        html: emailOutbox.html,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "retention-test"))
      .orderBy(emailOutbox.id);
    expect(rows).toEqual([
      { key: "retention:velho", subject: "Assunto velho", text: "", html: "" },
      {
        key: "retention:recente",
        subject: "Assunto recente",
        text: "Texto recente",
        html: "<p>Texto recente</p>",
      },
      {
        key: "retention:pendente",
        subject: "Assunto pendente",
        text: "Texto pendente",
        html: "<p>Texto pendente</p>",
      },
    ]);
  });

  it("deletes audit entries older than the retention and keeps younger ones", async () => {
    const entry = (targetId: string) => ({
      actorId: institutionId,
      action: "event.update",
      targetType: "event",
      targetId,
    });
    await db.insert(auditLog).values([entry("retencao-velha"), entry("retencao-nova")]);
    const yearsAgo = (years: number, days: number) =>
      sql`now() - make_interval(years => ${years}, days => ${days})`;
    await db
      .update(auditLog)
      .set({ at: yearsAgo(RETENTION.auditYears, 1) })
      .where(eq(auditLog.targetId, "retencao-velha"));
    await db
      .update(auditLog)
      .set({ at: yearsAgo(RETENTION.auditYears, -1) })
      .where(eq(auditLog.targetId, "retencao-nova"));
    await runHousekeeping();
    const left = await db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(sql`${auditLog.targetId} like 'retencao-%'`);
    expect(left).toEqual([{ targetId: "retencao-nova" }]);
  });
});
