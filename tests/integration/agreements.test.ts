import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreementPdf } from "~/agreements/agreement-pdf.server";
import { AGREEMENT_TITLE } from "~/agreements/agreement-template";
import {
  acceptAgreement,
  findAgreement,
  listInstitutionAgreements,
  listVolunteerAgreements,
} from "~/agreements/agreements.server";
import { issueMissingEventAgreements } from "~/agreements/event-agreements.server";
import { sha256 } from "~/agreements/issue-agreement.server";
import { decideApplication } from "~/applications/application-decisions.server";
import type { Database } from "~/db/client.server";
import { agreements, institutions, participations } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { cancelParticipation, joinEvent } from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import {
  insertApplication,
  insertEvent,
  insertVolunteer,
  linkIn,
  outboxTo,
} from "../helpers/agreement-world";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { keepPage, pdfInfo, pdfPages, pdfText } from "../helpers/pdf";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Termos de adesão (issue 16, item 1; ADR 0049) on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): issued with the decision that calls for them, once; accepted by
 * their volunteer only, recording who, when, from where and the text's hash; printed as PDF.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
const NOW = new Date("2026-12-01T12:00:00Z");

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "no error";
}

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "Lar Aconchego",
    email: "lar@teste.org.br",
    status: "APPROVED",
    cnpj: "11222333000181",
  });
  await db
    .update(institutions)
    .set({
      street: "Rua do Sol",
      number: "45",
      neighborhood: "Santo Antônio",
      city: "Recife",
      state: "PE",
    })
    .where(eq(institutions.userId, institutionId));
});

afterAll(async () => {
  await database?.dispose();
});

describe("an accepted application", () => {
  it("issues one termo naming both parties and the activity, and e-mails the volunteer a link", async () => {
    const volunteer = await insertVolunteer(db, { name: "Renata Lima", birthDate: "1998-04-03" });
    const requestId = await insertApplication(db, volunteer, institutionId);
    const answers = await Promise.all([
      decideApplication({ institutionId, requestId, decision: "ACCEPTED" }),
      decideApplication({ institutionId, requestId, decision: "ACCEPTED" }),
    ]);
    expect(answers.sort()).toEqual(["decided", "unchanged"]);
    const rows = await db.select().from(agreements).where(eq(agreements.requestId, requestId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (!row) throw new Error("no termo");
    expect(row.bodySha256).toBe(sha256(row.body));
    for (const part of [
      AGREEMENT_TITLE,
      "Lar Aconchego",
      "11.222.333/0001-81",
      "Rua do Sol, 45, Santo Antônio, Recife/PE",
      "Renata Lima",
      volunteer.email,
      "03/04/1998",
      "atividade de voluntariado contínua",
      "não gera vínculo empregatício",
      "art. 1º, parágrafo único",
      "expressamente autorizadas",
      "Qualquer das partes pode encerrar",
    ]) {
      expect(row.body).toContain(part);
    }
    expect(row.guardianRequired).toBe(false);
    const mails = (await outboxTo(db, volunteer.email)).filter(
      (m) => m.kind === "agreement-issued",
    );
    expect(mails).toHaveLength(1);
    expect(linkIn(mails[0]?.text ?? "", "/app/termos/")).toBe(
      `${TEST_ORIGIN}/app/termos/${row.id}`,
    );
  });

  it("is accepted by its volunteer only, once, with who, when, IP and the text's hash", async () => {
    const volunteer = await insertVolunteer(db, { name: "Caio Souza" });
    const other = await insertVolunteer(db);
    const requestId = await insertApplication(db, volunteer, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const [termo] = await listVolunteerAgreements(volunteer.id);
    if (!termo) throw new Error("no termo");
    expect(termo.status).toBe("PENDING");
    expect(await findAgreement(termo.id, { volunteerId: other.id })).toBeNull();
    expect(await findAgreement(termo.id, { institutionId: other.id })).toBeNull();
    expect(await findAgreement("not-a-uuid", { volunteerId: volunteer.id })).toBeNull();
    const accept = (volunteerId: string, hash = termo.bodySha256, now = NOW) =>
      acceptAgreement({
        id: termo.id,
        volunteerId,
        sha256: hash,
        ip: "203.0.113.7",
        userAgent: "Vitest",
        now,
      });
    expect(await refusal(accept(other.id))).toBe("not-found");
    expect(await refusal(accept(volunteer.id, "0".repeat(64)))).toBe("conflict");
    const accepted = await accept(volunteer.id);
    expect(accepted.status).toBe("ACCEPTED");
    expect(accepted.acceptedAt).toEqual(NOW);
    expect(accepted.acceptedIp).toBe("203.0.113.7");
    // Again, later: the first acceptance stands.
    const again = await accept(volunteer.id, termo.bodySha256, new Date(NOW.getTime() + 60_000));
    expect(again.acceptedAt).toEqual(NOW);
    const listed = await listInstitutionAgreements(institutionId);
    expect(listed.find((row) => row.id === termo.id)?.status).toBe("ACCEPTED");
  });

  it("prints a PDF with both parties, the activity and the acceptance record", async () => {
    const volunteer = await insertVolunteer(db, { name: "Joana Araújo", birthDate: "2000-01-31" });
    const requestId = await insertApplication(db, volunteer, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const [termo] = await listVolunteerAgreements(volunteer.id);
    if (!termo) throw new Error("no termo");
    const accepted = await acceptAgreement({
      id: termo.id,
      volunteerId: volunteer.id,
      sha256: termo.bodySha256,
      ip: "198.51.100.4",
      userAgent: null,
      now: NOW,
    });
    const pdf = await agreementPdf(accepted);
    const info = await pdfInfo(pdf);
    expect(info.pageSize).toContain("595.28 x 841.89");
    expect(info.fonts).toContain("DejaVu");
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    for (const part of [
      "TERMO DE ADESÃO AO SERVIÇO VOLUNTÁRIO",
      "Lar Aconchego",
      "11.222.333/0001-81",
      "Joana Araújo",
      "atividade de voluntariado contínua",
      "Aceito por: Joana Araújo",
      "01/12/2026 às 09:00:00 (horário de Brasília)",
      "198.51.100.4",
      accepted.bodySha256,
    ]) {
      expect(text).toContain(part);
    }
    const pages = await pdfPages(pdf);
    expect(pages.length).toBe(info.pages);
    for (const [index, page] of pages.entries()) {
      await keepPage(`a-termo-${database.kind}-${index + 1}`, page);
    }
  });
});

describe("a place in an event", () => {
  it("issues a termo when confirmed, none while waiting, and one on promotion", async () => {
    const eventId = await insertEvent(db, institutionId, { name: "Mutirão na praça", places: 1 });
    const first = await insertVolunteer(db);
    const second = await insertVolunteer(db);
    expect(await joinEvent({ eventId, userId: first.id, now: NOW })).toBe("CONFIRMED");
    expect(await joinEvent({ eventId, userId: second.id, now: NOW })).toBe("WAITLISTED");
    const [termo] = await listVolunteerAgreements(first.id);
    expect(termo?.activity).toBe("Mutirão na praça");
    expect(termo?.body).toContain(
      'no evento "Mutirão na praça", em sábado, 12 de dezembro de 2026, das 09:00 às 13:00, em Rua da Aurora, 120, Boa Vista, Recife/PE',
    );
    expect(await listVolunteerAgreements(second.id)).toHaveLength(0);
    await cancelParticipation({
      eventId,
      userId: first.id,
      now: NOW,
      eventUrl: (id) => `${TEST_ORIGIN}/eventos/${id}`,
    });
    expect(await listVolunteerAgreements(second.id)).toHaveLength(1);
    // Joining again after leaving keeps the one termo of that place.
    await joinEvent({ eventId, userId: first.id, now: NOW });
    expect(await listVolunteerAgreements(first.id)).toHaveLength(1);
  });

  it("issues a termo a join left behind on the next catch-up run, once however many runs race", async () => {
    const eventId = await insertEvent(db, institutionId, { name: "Plantão do sopão", places: 5 });
    const person = await insertVolunteer(db);
    // A place confirmed whose termo was never issued (the process stopped right after the join).
    const [place] = await db
      .insert(participations)
      .values({ eventId, userId: person.id, status: "CONFIRMED", joinedAt: NOW })
      .returning({ id: participations.id });
    const waiting = await insertVolunteer(db);
    await db
      .insert(participations)
      .values({ eventId, userId: waiting.id, status: "WAITLISTED", joinedAt: NOW });
    expect(await listVolunteerAgreements(person.id)).toHaveLength(0);

    const runs = await Promise.all([1, 2, 3].map(() => issueMissingEventAgreements(NOW)));
    expect(runs.reduce((sum, issued) => sum + issued, 0)).toBe(1);
    const issued = await db.select().from(agreements).where(eq(agreements.volunteerId, person.id));
    expect(issued).toMatchObject([{ participationId: place?.id, activity: "Plantão do sopão" }]);
    expect(await outboxTo(db, person.email)).toHaveLength(1);
    expect(await listVolunteerAgreements(waiting.id)).toHaveLength(0);
    expect(await issueMissingEventAgreements(NOW)).toBe(0);
    // After the event's day the catch-up leaves it alone: a termo no longer precedes the work.
    const late = await insertVolunteer(db);
    await db
      .insert(participations)
      .values({ eventId, userId: late.id, status: "CONFIRMED", joinedAt: NOW });
    expect(await issueMissingEventAgreements(new Date("2026-12-31T12:00:00Z"))).toBe(0);
    expect(await listVolunteerAgreements(late.id)).toHaveLength(0);
  });
});
