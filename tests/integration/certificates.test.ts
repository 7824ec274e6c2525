import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/account/delete-account.server";
import { exportPersonalData } from "~/account/personal-data.server";
import { deleteVolunteerAccount } from "~/admin/accounts.server";
import { formatCertificateCode } from "~/certificates/certificate-code";
import { certificateOptionsOf } from "~/certificates/certificate-options.server";
import { certificatePdf, verificationUrl } from "~/certificates/certificate-pdf.server";
import { certificateFacts } from "~/certificates/certificate-view";
import {
  certificatesOfInstitution,
  issueCertificate,
  lookUpCertificate,
  ownCertificate,
  revokeCertificate,
} from "~/certificates/certificates.server";
import type { Database } from "~/db/client.server";
import {
  auditLog,
  certificateHolders,
  certificates,
  events,
  institutions,
  users,
  volunteerHours,
  volunteerRequests,
} from "~/db/schema";
import { ongoingActivity } from "~/hours/confirmed-hours.server";
import { isAppError } from "~/lib/app-error";
import { insertInstitution } from "../helpers/admin-fixtures";
import { insertTermo } from "../helpers/agreement-world";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { UNPRINTABLE } from "../helpers/hostile-text";
import { keepPage, pdfInfo, pdfPages, pdfText, readQr } from "../helpers/pdf";

/**
 * Certificates of volunteer work (issue 16 item 5, ADR 0052) on a real database: issued only
 * from confirmed hours, frozen, verified by code, revoked by their institution, kept without the
 * holder's name when the holder deletes their account.
 */
const SITE = { appName: "Conecta Voluntário", baseUrl: "https://conecta.example.org" };
const NOW = new Date("2026-11-27T15:00:00Z");

let database: TestDatabase;
let db: Database;
let institutionId: string;
let otherInstitutionId: string;
let volunteerId: string;
let eventId: string;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "Associação Mãos à Obra",
    email: "maos@teste.org.br",
    status: "APPROVED",
    cnpj: "11222333000181",
    city: "São José dos Campos",
  });
  otherInstitutionId = await insertInstitution(db, {
    name: "ONG Vizinha",
    email: "vizinha@teste.org.br",
    status: "APPROVED",
  });
  volunteerId = await person("Conceição Araújo", "conceicao@teste.org.br");
  eventId = await event("Mutirão de reforma da creche", "2026-11-14");
  await hours({ eventId, workedOn: "2026-11-14", minutes: 240, status: "CONFIRMED" });
});

afterAll(async () => {
  await database?.dispose();
});

async function person(name: string, email: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ name, email, profile: "VOLUNTEER" })
    .returning({ id: users.id });
  return row?.id ?? "";
}

async function event(name: string, eventDate: string, owner = institutionId): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({
      institutionId: owner,
      name,
      eventDate,
      resume: "Resumo.",
      about: "Sobre.",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      city: "São Paulo",
      state: "SP",
      status: "APPROVED",
    })
    .returning({ id: events.id });
  return row?.id ?? "";
}

async function hours(row: {
  eventId?: string;
  requestId?: string;
  workedOn: string;
  minutes: number;
  status: "PENDING" | "CONFIRMED" | "DECLINED" | "ABSENT";
  volunteer?: string;
  institution?: string;
  description?: string;
}): Promise<void> {
  // Confirmed hours count only with the relationship's termo accepted (ADR 0070).
  if (row.status === "CONFIRMED") {
    const people = {
      volunteerId: row.volunteer ?? volunteerId,
      institutionId: row.institution ?? institutionId,
    };
    await insertTermo(
      db,
      row.eventId
        ? { ...people, eventId: row.eventId }
        : { ...people, requestId: row.requestId ?? "" },
    );
  }
  await db.insert(volunteerHours).values({
    volunteerId: row.volunteer ?? volunteerId,
    institutionId: row.institution ?? institutionId,
    kind: row.eventId ? "EVENT" : "ONGOING",
    eventId: row.eventId ?? null,
    requestId: row.requestId ?? null,
    workedOn: row.workedOn,
    minutes: row.minutes,
    description: row.description ?? null,
    status: row.status,
    loggedBy: "INSTITUTION",
  });
}

const asVolunteer = (id: string) => ({ id, role: "VOLUNTEER" as const });

describe("issuing a certificate", () => {
  it("certifies 4 confirmed hours in a PDF whose text, QR code and public page agree", async () => {
    const { certificate, created } = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: asVolunteer(volunteerId),
      now: NOW,
    });
    expect(created).toBe(true);
    expect(certificate).toMatchObject({
      volunteerName: "Conceição Araújo",
      institutionName: "Associação Mãos à Obra",
      institutionCnpj: "11222333000181",
      activity: "Mutirão de reforma da creche",
      periodFrom: "2026-11-14",
      periodTo: "2026-11-14",
      totalMinutes: 240,
    });
    expect(certificate.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);

    const pdf = await certificatePdf(certificate, SITE);
    const info = await pdfInfo(pdf);
    expect(info.pageSize).toContain("595.28 x 841.89");
    expect(info.fonts).toContain("DejaVu");
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Certificado de Trabalho Voluntário");
    expect(text).toContain("Conceição Araújo");
    expect(text).toContain("Associação Mãos à Obra");
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("Mutirão de reforma da creche");
    expect(text).toContain("em 14/11/2026");
    expect(text).toContain("carga horária total de 4 horas");
    expect(text).toContain("Lei nº 9.608/1998");
    expect(text).toContain("São José dos Campos/SP, 27 de novembro de 2026");
    expect(text).toContain(formatCertificateCode(certificate.code));

    const [page] = await pdfPages(pdf, 150);
    if (!page) throw new Error("no page rendered");
    await keepPage("c/certificado-evento", page);
    expect(await readQr(page)).toBe(verificationUrl(SITE.baseUrl, certificate.code));
    expect(verificationUrl(SITE.baseUrl, certificate.code)).toBe(
      `https://conecta.example.org/certificados/${formatCertificateCode(certificate.code)}`,
    );

    const found = await lookUpCertificate(certificate.code, "203.0.113.10");
    expect(found?.id).toBe(certificate.id);
    expect(found?.revokedAt).toBeNull();

    const revoked = await revokeCertificate({
      institutionId,
      certificateId: certificate.id,
      reason: "Horas lançadas por engano.",
      now: NOW,
    });
    expect(revoked.revokedAt?.toISOString()).toBe(NOW.toISOString());
    const after = await lookUpCertificate(certificate.code, "203.0.113.10");
    expect(after?.revokedAt).not.toBeNull();

    // The trail names who issued and who revoked, once each, by the code, not the holder.
    await revokeCertificate({ institutionId, certificateId: certificate.id, reason: "De novo." });
    const trail = await db
      .select({ actorId: auditLog.actorId, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.targetId, certificate.id))
      .orderBy(asc(auditLog.at));
    const name = `Certificado ${formatCertificateCode(certificate.code)}`;
    expect(trail).toEqual([
      {
        actorId: volunteerId,
        action: "certificate.issue",
        details: { name, scope: "EVENT", institutionId, minutes: 240 },
      },
      {
        actorId: institutionId,
        action: "certificate.revoke",
        details: { name, reason: "Horas lançadas por engano." },
      },
    ]);

    // The revoked hours come back only through the institution (ADR 0070): here it certifies
    // them itself, which the tests below build on.
    const vouched = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: { id: institutionId, role: "INSTITUTION" },
      now: NOW,
    });
    expect(vouched.created).toBe(true);
  });

  it("returns the valid certificate already issued for the same hours", async () => {
    const first = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: asVolunteer(volunteerId),
      now: NOW,
    });
    const again = await issueCertificate({
      volunteerId,
      // Dates sent along with an event (the form has them) change nothing.
      target: { scope: "EVENT", id: eventId, from: "2026-01-01", to: "2026-12-31" },
      issuer: { id: institutionId, role: "INSTITUTION" },
      now: NOW,
    });
    expect(again.created).toBe(false);
    expect(again.certificate.id).toBe(first.certificate.id);
  });

  it("never counts hours the institution has not confirmed, and refuses a certificate of nothing", async () => {
    const pending = await event("Feira de adoção", "2026-10-03");
    await hours({ eventId: pending, workedOn: "2026-10-03", minutes: 180, status: "PENDING" });
    const declined = await event("Bazar beneficente", "2026-10-10");
    await hours({ eventId: declined, workedOn: "2026-10-10", minutes: 120, status: "DECLINED" });
    const absent = await event("Plantão de doações", "2026-10-17");
    await hours({ eventId: absent, workedOn: "2026-10-17", minutes: 0, status: "ABSENT" });

    for (const id of [pending, declined, absent]) {
      const refused = await issueCertificate({
        volunteerId,
        target: { scope: "EVENT", id },
        issuer: asVolunteer(volunteerId),
        now: NOW,
      }).catch((error: unknown) => error);
      expect(isAppError(refused, "invalid")).toBe(true);
      expect((refused as Error).message).toContain("Não há horas confirmadas");
    }

    const { certificate } = await issueCertificate({
      volunteerId,
      target: { scope: "PERIOD", id: institutionId, from: "2026-10-01", to: "2026-11-30" },
      issuer: asVolunteer(volunteerId),
      now: NOW,
    });
    expect(certificate.totalMinutes).toBe(240);
    expect(certificate.hours).toEqual([
      {
        workedOn: "2026-11-14",
        kind: "EVENT",
        activity: "Mutirão de reforma da creche",
        minutes: 240,
      },
    ]);
    const text = await pdfText(await certificatePdf(certificate, SITE));
    expect(text).not.toContain("Feira de adoção");
    expect(text).not.toContain("Bazar beneficente");

    const { groups: options } = await certificateOptionsOf(volunteerId);
    const labels = options.flatMap((group) => group.options.map((option) => option.label));
    expect(labels.join("\n")).not.toMatch(/Feira|Bazar|Plantão/);
  });

  it("lists every activity of a period, ongoing months included", async () => {
    const volunteer = await person("Zoé Gonçalves", "zoe@teste.org.br");
    const [request] = await db
      .insert(volunteerRequests)
      .values({
        volunteerId: volunteer,
        institutionId,
        replyEmail: "zoe@teste.org.br",
        phone: "5511987654321",
        summary: "Quero ajudar no reforço escolar.",
        status: "ACCEPTED",
      })
      .returning({ id: volunteerRequests.id });
    const requestId = request?.id ?? "";
    const description = "Reforço escolar de matemática";
    await hours({
      requestId,
      workedOn: "2026-09-01",
      minutes: 600,
      status: "CONFIRMED",
      volunteer,
      description,
    });
    await hours({
      requestId,
      workedOn: "2026-10-01",
      minutes: 480,
      status: "CONFIRMED",
      volunteer,
      description,
    });
    await hours({
      requestId,
      workedOn: "2026-11-01",
      minutes: 300,
      status: "PENDING",
      volunteer,
      description,
    });
    await hours({ eventId, workedOn: "2026-11-14", minutes: 150, status: "CONFIRMED", volunteer });

    const {
      groups: [group],
    } = await certificateOptionsOf(volunteer);
    expect(group?.options.map((option) => option.label)).toEqual([
      "Todas as horas confirmadas (20 horas e 30 minutos)",
      "Mutirão de reforma da creche, 14/11/2026 (2 horas e 30 minutos)",
      "Atividade contínua desde setembro de 2026 (18 horas)",
    ]);

    const ongoing = await issueCertificate({
      volunteerId: volunteer,
      target: { scope: "ONGOING", id: requestId },
      issuer: asVolunteer(volunteer),
      now: NOW,
    });
    expect(ongoing.certificate).toMatchObject({
      activity: ongoingActivity(description),
      periodFrom: "2026-09-01",
      periodTo: "2026-10-31",
      totalMinutes: 1080,
    });

    const period = await issueCertificate({
      volunteerId: volunteer,
      target: { scope: "PERIOD", id: institutionId },
      issuer: { id: institutionId, role: "INSTITUTION" },
      now: NOW,
    });
    expect(period.certificate).toMatchObject({
      activity: "Atividades voluntárias diversas",
      periodFrom: "2026-09-01",
      periodTo: "2026-11-14",
      totalMinutes: 1230,
      issuedByRole: "INSTITUTION",
    });
    const pdf = await certificatePdf(period.certificate, SITE);
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("das atividades relacionadas abaixo");
    expect(text).toContain("20 horas e 30 minutos");
    expect(text).toContain(
      "setembro de 2026 — Voluntariado contínuo: Reforço escolar de matemática — 10 horas",
    );
    expect(text).toContain("14/11/2026 — Mutirão de reforma da creche — 2 horas e 30 minutos");
    const [page] = await pdfPages(pdf, 150);
    if (!page) throw new Error("no page rendered");
    await keepPage("c/certificado-periodo", page);
    expect(await readQr(page)).toBe(verificationUrl(SITE.baseUrl, period.certificate.code));
  });
});

describe("who may do what", () => {
  it("keeps another institution from issuing, revoking or downloading", async () => {
    const outsider = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: { id: otherInstitutionId, role: "INSTITUTION" },
      now: NOW,
    }).catch((error: unknown) => error);
    expect(isAppError(outsider, "invalid")).toBe(true);
    const period = await issueCertificate({
      volunteerId,
      target: { scope: "PERIOD", id: institutionId },
      issuer: { id: otherInstitutionId, role: "INSTITUTION" },
      now: NOW,
    }).catch((error: unknown) => error);
    expect(isAppError(period)).toBe(true);

    const { certificate } = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: asVolunteer(volunteerId),
      now: NOW,
    });
    const revoke = await revokeCertificate({
      institutionId: otherInstitutionId,
      certificateId: certificate.id,
      reason: "Tentativa de outra instituição.",
    }).catch((error: unknown) => error);
    expect(isAppError(revoke, "not-found")).toBe(true);
    expect(await ownCertificate(otherInstitutionId, certificate.id)).toBeNull();
    expect((await certificatesOfInstitution(otherInstitutionId)).length).toBe(0);

    const intruder = await person("Outra Pessoa", "outra@teste.org.br");
    expect(await ownCertificate(intruder, certificate.id)).toBeNull();
    const forSomeoneElse = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: asVolunteer(intruder),
    }).catch((error: unknown) => error);
    expect(isAppError(forSomeoneElse, "not-found")).toBe(true);
    expect(await ownCertificate(volunteerId, certificate.id)).not.toBeNull();
    expect(await ownCertificate(institutionId, certificate.id)).not.toBeNull();
  });

  it("stops a network that keeps trying codes that do not exist", async () => {
    const network = "198.51.100.7";
    for (let attempt = 0; attempt < 30; attempt++) {
      expect(await lookUpCertificate("000000000000", network)).toBeNull();
    }
    const blocked = await lookUpCertificate("000000000000", network).catch(
      (error: unknown) => error,
    );
    expect(isAppError(blocked, "rate-limited")).toBe(true);
  });
});

describe("the holder's data", () => {
  it("exports certificates, and keeps them verifiable without the name after account deletion", async () => {
    const holder = await person("Íris Benício", "iris@teste.org.br");
    const day = await event("Oficina de leitura", "2026-11-07");
    await hours({
      eventId: day,
      workedOn: "2026-11-07",
      minutes: 120,
      status: "CONFIRMED",
      volunteer: holder,
    });
    const { certificate } = await issueCertificate({
      volunteerId: holder,
      target: { scope: "EVENT", id: day },
      issuer: asVolunteer(holder),
      now: NOW,
    });

    const mine = await exportPersonalData(holder);
    expect(mine?.certificates).toEqual([
      expect.objectContaining({
        code: certificate.code,
        volunteerName: "Íris Benício",
        totalMinutes: 120,
      }),
    ]);
    const issued = await exportPersonalData(institutionId);
    expect(issued?.certificatesIssued).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: certificate.code })]),
    );

    await deleteAccount(holder);
    const [kept] = await db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect(kept).toMatchObject({ volunteerId: null, revokedAt: null });
    expect(await db.select().from(certificateHolders)).not.toContainEqual(
      expect.objectContaining({ certificateId: certificate.id }),
    );
    const found = await lookUpCertificate(certificate.code, "203.0.113.99");
    expect(found).toMatchObject({ volunteerName: null, institutionName: "Associação Mãos à Obra" });
    const text = await pdfText(await certificatePdf(found as NonNullable<typeof found>, SITE));
    expect(text).not.toContain("Íris");
    expect(text).toContain("o(a) titular deste certificado");
  });

  it("forgets the name when an admin deletes the volunteer, whatever path deletes the account", async () => {
    const holder = await person("Ravi Sá", "ravi@teste.org.br");
    const day = await event("Campanha do agasalho", "2026-11-08");
    await hours({
      eventId: day,
      workedOn: "2026-11-08",
      minutes: 60,
      status: "CONFIRMED",
      volunteer: holder,
    });
    const { certificate } = await issueCertificate({
      volunteerId: holder,
      target: { scope: "EVENT", id: day },
      issuer: asVolunteer(holder),
      now: NOW,
    });
    const [admin] = await db
      .insert(users)
      .values({ name: "Admin", email: "admin.cert@teste.org.br", role: "ADMIN", profile: "ADMIN" })
      .returning({ id: users.id });
    await deleteVolunteerAccount({ adminId: admin?.id ?? "", volunteerId: holder });
    const found = await lookUpCertificate(certificate.code, "203.0.113.98");
    expect(found).toMatchObject({ volunteerId: null, volunteerName: null, revokedAt: null });
    expect(found?.totalMinutes).toBe(60);
  });
});

describe("who signs a certificate", () => {
  it("is the representative the profile named when issued, on the paper and the public check", async () => {
    const signing = await insertInstitution(db, {
      name: "Instituto Mãos que Ajudam",
      email: "maos.cert@teste.org.br",
      status: "APPROVED",
      cnpj: "22333444000190",
    });
    await db
      .update(institutions)
      .set({ representativeName: "Maria Silva", representativeRole: "Presidente" })
      .where(eq(institutions.userId, signing));
    const holder = await person("Caio Mendes", "caio.cert@teste.org.br");
    const day = await event("Oficina de leitura", "2026-11-07", signing);
    await hours({
      eventId: day,
      workedOn: "2026-11-07",
      minutes: 180,
      status: "CONFIRMED",
      volunteer: holder,
      institution: signing,
    });
    const { certificate } = await issueCertificate({
      volunteerId: holder,
      target: { scope: "EVENT", id: day },
      issuer: asVolunteer(holder),
      now: NOW,
    });
    expect(certificate).toMatchObject({
      representativeName: "Maria Silva",
      representativeRole: "Presidente",
    });
    // A new representative later: the certificate keeps the one it was issued with.
    await db
      .update(institutions)
      .set({ representativeName: "João Pereira", representativeRole: "Diretor executivo" })
      .where(eq(institutions.userId, signing));
    const found = await lookUpCertificate(certificate.code, "203.0.113.50");
    if (!found) throw new Error("not found");
    expect(certificateFacts(found).signatory).toBe("Maria Silva, Presidente");
    const pdf = await certificatePdf(found, SITE);
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain(
      "participou como voluntário(a) de “Oficina de leitura” na instituição Instituto Mãos que Ajudam, inscrita no CNPJ 22.333.444/0001-90",
    );
    expect(text).toContain("Maria Silva Presidente · Instituto Mãos que Ajudam");
    expect(text).not.toContain("João Pereira");
    const [page] = await pdfPages(pdf, 100);
    if (page) await keepPage(`c/certificado-representante-${database.kind}`, page);
  });

  it("is the institution's name alone when it named nobody, as before", async () => {
    const { certificate } = await issueCertificate({
      volunteerId,
      target: { scope: "EVENT", id: eventId },
      issuer: asVolunteer(volunteerId),
      now: NOW,
    });
    expect(certificate.representativeName).toBeNull();
    expect(certificateFacts(certificate).signatory).toBeNull();
    const text = (await pdfText(await certificatePdf(certificate, SITE))).replace(/\s+/g, " ");
    expect(text).toContain("na instituição Associação Mãos à Obra, inscrita");
  });
});

describe("a certificate from hostile stored values", () => {
  it("prints every value inline: no control, line break or bidi override, one sentence", async () => {
    const FORGED = "Ana\n\n10. PAGAMENTO\n- item\u0007\f\u202eX";
    const hostile = await insertInstitution(db, {
      name: "Instituto Hostil",
      email: "hostil.cert@teste.org.br",
      status: "APPROVED",
      cnpj: "33444555000101",
    });
    await db
      .update(institutions)
      .set({
        name: `Instituto ${FORGED}`,
        city: `Recife${FORGED}`,
        representativeName: FORGED,
        representativeRole: `Presidente${FORGED}`,
      })
      .where(eq(institutions.userId, hostile));
    const holder = await person(FORGED, "hostil.holder@teste.org.br");
    const day = await event("Mutirão", "2026-11-06", hostile);
    await db
      .update(events)
      .set({ name: `Mutirão${FORGED}` })
      .where(eq(events.id, day));
    await hours({
      eventId: day,
      workedOn: "2026-11-06",
      minutes: 120,
      status: "CONFIRMED",
      volunteer: holder,
      institution: hostile,
    });
    const { certificate } = await issueCertificate({
      volunteerId: holder,
      target: { scope: "EVENT", id: day },
      issuer: asVolunteer(holder),
      now: NOW,
    });
    // The snapshot holds the texts as printed.
    const snapshot = [
      certificate.volunteerName,
      certificate.institutionName,
      certificate.issuedPlace,
      certificate.activity,
      certificate.representativeName,
      certificate.representativeRole,
      ...certificate.hours.map((row) => row.activity),
    ].join(" ");
    expect(snapshot).not.toMatch(UNPRINTABLE);
    expect(Object.values(certificateFacts(certificate)).join(" ")).not.toMatch(UNPRINTABLE);
    const text = await pdfText(await certificatePdf(certificate, SITE));
    for (const line of text.split("\n")) {
      expect(line.replace(/^\f/, "")).not.toMatch(UNPRINTABLE);
      expect(line.trim()).not.toMatch(/^(- |10\. PAGAMENTO$)/);
    }
    expect(text.replace(/\s+/g, " ")).toContain(
      "Certificamos que Ana 10. PAGAMENTO - item X participou como voluntário(a) de “MutirãoAna 10. PAGAMENTO - item X” na instituição Instituto Ana 10. PAGAMENTO - item X, inscrita",
    );
  });
});
