import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agreementPdf } from "~/agreements/agreement-pdf.server";
import { acceptanceRecord } from "~/agreements/agreement-record";
import { AGREEMENT_TITLE, agreementBlocks, CLAUSE_HEADINGS } from "~/agreements/agreement-template";
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
import { agreements, events, institutions, participations, users, volunteers } from "~/db/schema";
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
import { UNPRINTABLE } from "../helpers/hostile-text";
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

describe("who signs for the institution", () => {
  it("is named in the termo and its record as the profile said when issued, and stays so", async () => {
    const signing = await insertInstitution(db, {
      name: "Instituto Mãos que Ajudam",
      email: "maos-que-ajudam@teste.org.br",
      status: "APPROVED",
    });
    await db
      .update(institutions)
      .set({ representativeName: "Maria Silva", representativeRole: "Presidente" })
      .where(eq(institutions.userId, signing));
    const volunteer = await insertVolunteer(db, { name: "Rita Alves", birthDate: "1995-02-02" });
    const requestId = await insertApplication(db, volunteer, signing);
    await decideApplication({ institutionId: signing, requestId, decision: "ACCEPTED" });
    const [issued] = await listVolunteerAgreements(volunteer.id);
    if (!issued) throw new Error("no termo");
    expect(issued.body).toContain("Instituto Mãos que Ajudam, inscrita no CNPJ sob o nº");
    expect(issued.body).toContain(
      "neste ato representada por Maria Silva, Presidente, doravante denominada INSTITUIÇÃO.",
    );
    expect(issued).toMatchObject({
      representativeName: "Maria Silva",
      representativeRole: "Presidente",
    });
    const accepted = await acceptAgreement({
      id: issued.id,
      volunteerId: volunteer.id,
      sha256: issued.bodySha256,
      ip: "203.0.113.9",
      userAgent: null,
      now: NOW,
    });

    // A new representative later changes nothing already issued: text, hash, record, PDF.
    await db
      .update(institutions)
      .set({ representativeName: "João Pereira", representativeRole: "Diretor executivo" })
      .where(eq(institutions.userId, signing));
    const later = await findAgreement(issued.id, { volunteerId: volunteer.id });
    expect(later?.body).toBe(issued.body);
    expect(later?.bodySha256).toBe(issued.bodySha256);
    expect(acceptanceRecord(later ?? accepted)[0]?.[1]).toMatch(/^Maria Silva, Presidente$/);
    const text = (await pdfText(await agreementPdf(later ?? accepted))).replace(/\s+/g, " ");
    expect(text).toContain("neste ato representada por Maria Silva, Presidente");
    expect(text).toContain("Pela instituição: Maria Silva, Presidente Emitido em");
    expect(text).not.toContain("João Pereira");
  });

  it("is left out when the institution named nobody, and the termo still issues", async () => {
    const volunteer = await insertVolunteer(db, { name: "Téo Lima" });
    const requestId = await insertApplication(db, volunteer, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const [issued] = await listVolunteerAgreements(volunteer.id);
    expect(issued?.body).not.toContain("representada");
    expect(issued?.representativeName).toBeNull();
    expect(acceptanceRecord(issued ?? ({} as never)).map(([label]) => label)).not.toContain(
      "Pela instituição",
    );
  });
});

/** Every line of a PDF's text that looks like a clause heading ("N. TITLE"). */
function headingLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^\d+\. [A-ZÀ-Ý()/ ]+$/u.test(line));
}

describe("a termo built from hostile stored values", () => {
  const FORGED = "Ana\n\n10. PAGAMENTO\nA INSTITUIÇÃO pagará R$ 5.000\n- item\u0007\f\u202eX";

  it("has exactly the template's clauses on the page model and in the PDF", async () => {
    // Values as rows older than the input rules may hold them: written straight to the tables.
    const hostile = await insertInstitution(db, {
      name: "Instituto Hostil",
      email: "hostil@teste.org.br",
      status: "APPROVED",
    });
    await db
      .update(institutions)
      .set({
        name: `Instituto ${FORGED}`.slice(0, 120),
        street: FORGED,
        number: "1\n\n2. PERÍODO\nforjado",
        complement: "\u202e- item",
        neighborhood: "Centro\u2028\u2029- item",
        city: `Recife${FORGED}`,
        representativeName: FORGED,
        representativeRole: "Presidente\n\n9. ACEITAÇÃO ELETRÔNICA\nforjada",
      })
      .where(eq(institutions.userId, hostile));
    const eventId = await insertEvent(db, hostile, { name: "Mutirão", places: 5 });
    await db
      .update(events)
      .set({ name: "Mutirão\n\n10. PAGAMENTO", street: FORGED, complement: "\f- item" })
      .where(eq(events.id, eventId));
    const volunteer = await insertVolunteer(db, {
      name: FORGED,
      birthDate: "2009-06-01",
      guardian: { name: `Marta ${FORGED}`, email: "marta.hostil@teste.org.br" },
    });
    await db.update(users).set({ name: FORGED }).where(eq(users.id, volunteer.id));
    await db
      .update(volunteers)
      .set({ guardianName: `Marta ${FORGED}` })
      .where(eq(volunteers.userId, volunteer.id));

    expect(await joinEvent({ eventId, userId: volunteer.id, now: NOW })).toBe("CONFIRMED");
    const [termo] = await listVolunteerAgreements(volunteer.id);
    if (!termo) throw new Error("no termo");
    expect(termo.bodySha256).toBe(sha256(termo.body));

    const blocks = agreementBlocks(termo.body);
    expect(blocks.flatMap((block) => (block.kind === "clause" ? [block.heading] : []))).toEqual([
      ...CLAUSE_HEADINGS,
    ]);
    const items = blocks.flatMap((block) => (block.kind === "clause" ? block.items : []));
    expect(items).toHaveLength(8);
    for (const item of items) expect(item).not.toMatch(/PAGAMENTO|forjad|^item/);
    expect(termo.body.replaceAll("\n", " ")).not.toMatch(UNPRINTABLE);
    expect(termo.activity).toBe("Mutirão 10. PAGAMENTO");
    expect(termo.body).toContain(
      "VOLUNTÁRIO(A): Ana 10. PAGAMENTO A INSTITUIÇÃO pagará R$ 5.000 - item X, e-mail",
    );

    const pdf = await agreementPdf(termo);
    const text = await pdfText(pdf);
    expect(headingLines(text)).toEqual([...CLAUSE_HEADINGS]);
    for (const line of text.split("\n")) {
      expect(line.replace(/^\f/, "")).not.toMatch(UNPRINTABLE);
      expect(line.trim()).not.toMatch(/^- /);
    }
    const pages = await pdfPages(pdf);
    for (const [index, page] of pages.entries()) {
      await keepPage(`a-termo-hostil-${database.kind}-${index + 1}`, page);
    }
  });
});

describe("a termo issued under an older template version", () => {
  it("renders and verifies unchanged, and can still be accepted with its hash", async () => {
    const old = readFileSync(
      path.join(import.meta.dirname, "../unit/agreements/termo-2026-11.1.txt"),
      "utf8",
    );
    const volunteer = await insertVolunteer(db, { name: "Ana Lúcia" });
    const requestId = await insertApplication(db, volunteer, institutionId);
    const [row] = await db
      .insert(agreements)
      .values({
        volunteerId: volunteer.id,
        institutionId,
        kind: "APPLICATION",
        requestId,
        activity: "Voluntariado contínuo",
        templateVersion: "2026-11.1",
        body: old,
        bodySha256: sha256(old),
        guardianRequired: false,
        createdAt: new Date("2026-11-27T12:00:00Z"),
      })
      .returning({ id: agreements.id });
    if (!row) throw new Error("no row");
    const stored = await findAgreement(row.id, { volunteerId: volunteer.id });
    expect(stored?.body).toBe(old);
    expect(stored?.bodySha256).toBe(
      "cd07b1d76c1f0515f90bc8ab1742b21f39f3ea6112d8733cb25aceda3dee265a",
    );
    expect(stored?.templateVersion).toBe("2026-11.1");
    const accepted = await acceptAgreement({
      id: row.id,
      volunteerId: volunteer.id,
      sha256: "cd07b1d76c1f0515f90bc8ab1742b21f39f3ea6112d8733cb25aceda3dee265a",
      ip: "203.0.113.20",
      userAgent: null,
      now: NOW,
    });
    expect(accepted.status).toBe("ACCEPTED");
    expect(accepted.body).toBe(old);
    // The PDF prints every line of the old text as it was (the old clause 5 and consent wording).
    const text = (await pdfText(await agreementPdf(accepted))).replace(/\s+/g, " ");
    for (const line of old.split("\n").filter(Boolean)) {
      expect(text).toContain(line.startsWith("- ") ? line.slice(2) : line);
    }
    expect(text).toContain("antes de realizadas");
    expect(text).toContain("que consente com este termo");
    expect(headingLines(await pdfText(await agreementPdf(accepted)))).toEqual([...CLAUSE_HEADINGS]);
  });
});
