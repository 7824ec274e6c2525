import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CERTIFICATE_MESSAGES } from "~/certificates/certificate-messages";
import { certificateOptionsOf } from "~/certificates/certificate-options.server";
import {
  issueCertificate,
  lookUpCertificate,
  revokeCertificate,
} from "~/certificates/certificates.server";
import type { Database } from "~/db/client.server";
import { agreements, emailOutbox, volunteerHours, volunteerRequests } from "~/db/schema";
import { confirmEventHours, listEventHours } from "~/hours/event-hours.server";
import { HOURS_MESSAGES } from "~/hours/hours-limits";
import { declineManyHoursSchema, logHoursSchema } from "~/hours/hours-schema";
import {
  confirmMonth,
  decideOngoingHours,
  declineManyOngoingHours,
  listPendingHours,
  logOngoingHours,
} from "~/hours/ongoing-hours.server";
import { type AppError, isAppError } from "~/lib/app-error";
import { joinEvent } from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { insertTermo } from "../helpers/agreement-world";
import type { TestDatabase } from "../helpers/database";
import { participationTestbed, type participationWorld } from "../helpers/participation-world";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Rules that stick (issue 39, deliverable 3; ADR 0070) on a real database: a revoked
 * certificate's hours are not certified again by the holder until the institution corrects or
 * certifies them; months of ongoing hours only within the relationship and bounded; many pending
 * months declined at once; hours and certificates wait for the accepted termo (and the
 * guardian's consent for a minor). Also the certificate lookup that never refuses a valid code.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let otherId: string;
let world: ReturnType<typeof participationWorld>;

const JOURNEY = `${TEST_ORIGIN}/app/jornada`;
const BEFORE = new Date("2026-12-01T12:00:00Z");
const AFTER = new Date("2026-12-10T13:00:00Z");
const ACCEPTED_ON = new Date("2026-03-10T15:00:00Z");

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto Regras",
    email: "regras@teste.org.br",
  }));
  otherId = await insertInstitution(db, {
    name: "ONG Vizinha das Regras",
    email: "vizinha-regras@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

async function refusedWith(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function acceptedApplication(
  volunteerId: string,
  termo: "ACCEPTED" | "PENDING" | "AWAITING_GUARDIAN" | null = "ACCEPTED",
  institution = institutionId,
): Promise<string> {
  const [row] = await db
    .insert(volunteerRequests)
    .values({
      volunteerId,
      institutionId: institution,
      replyEmail: "contato@teste.org.br",
      phone: "5581987654321",
      summary: "Quero ajudar.",
      status: "ACCEPTED",
      decidedAt: ACCEPTED_ON,
    })
    .returning({ id: volunteerRequests.id });
  const requestId = row?.id ?? "";
  if (termo) await insertTermo(db, { volunteerId, institutionId: institution, requestId }, termo);
  return requestId;
}

const log = (volunteerId: string, requestId: string, month: string, minutes = 600) =>
  logOngoingHours({
    volunteerId,
    requestId,
    month,
    minutes,
    description: "Aulas de reforço",
    now: AFTER,
  });

describe("months of ongoing hours stay within the relationship", () => {
  it("refuses 1900, months before the acceptance and in the future, and more than 200 h", async () => {
    const form = (month: string, hours: string) =>
      logHoursSchema.safeParse({
        requestId: "5f0c6f38-8f7c-4d0a-9a43-5b7f0b7c1a11",
        month,
        hours,
        description: "Aulas de reforço",
      });
    expect(form("1900-01", "4").success).toBe(false);
    expect(form("2026-11", "300").error?.issues[0]?.message).toBe(HOURS_MESSAGES.monthTooLong);
    expect(form("2026-11", "200").success).toBe(true);

    const eva = await world.volunteer("Eva Meses");
    const requestId = await acceptedApplication(eva.id);
    const before = await refusedWith(log(eva.id, requestId, "2026-02"));
    expect(before.code).toBe("invalid");
    expect(before.message).toBe(
      "O mês deve ser a partir de março de 2026, quando a candidatura foi aceita.",
    );
    expect((await refusedWith(log(eva.id, requestId, "2027-01"))).message).toBe(
      HOURS_MESSAGES.monthFuture,
    );
    // The month of the acceptance counts whole, and so does the current one.
    await log(eva.id, requestId, "2026-03");
    await log(eva.id, requestId, "2026-12");
    // The same month again updates its one pending row: no second row to flood the queue.
    await log(eva.id, requestId, "2026-12", 300);
    const rows = await db
      .select({ workedOn: volunteerHours.workedOn, minutes: volunteerHours.minutes })
      .from(volunteerHours)
      .where(eq(volunteerHours.requestId, requestId));
    expect(rows.sort((a, b) => a.workedOn.localeCompare(b.workedOn))).toEqual([
      { workedOn: "2026-03-01", minutes: 600 },
      { workedOn: "2026-12-01", minutes: 300 },
    ]);
    // The institution's own confirmation follows the same months.
    const confirmBefore = await refusedWith(
      confirmMonth({
        requestId,
        month: "2025-12",
        minutes: 60,
        description: "Horta",
        institutionId,
        journeyUrl: JOURNEY,
        now: AFTER,
      }),
    );
    expect(confirmBefore.code).toBe("invalid");
  });
});

describe("many pending months declined at once", () => {
  it("declines the chosen rows with one reason, one e-mail per person, nothing of others", async () => {
    const flood = await world.volunteer("Flávio Enchente");
    const calm = await world.volunteer("Clara Calma");
    const floodRequest = await acceptedApplication(flood.id);
    const calmRequest = await acceptedApplication(calm.id);
    const months = ["2026-03", "2026-04", "2026-05", "2026-06", "2026-07", "2026-08"];
    for (const month of months) await log(flood.id, floodRequest, month);
    await log(calm.id, calmRequest, "2026-11", 240);
    // Another institution's pending row, whose id a forged post names.
    const elsewhere = await acceptedApplication(calm.id, "ACCEPTED", otherId);
    await log(calm.id, elsewhere, "2026-10", 60);
    const [foreign] = await db
      .select({ id: volunteerHours.id })
      .from(volunteerHours)
      .where(eq(volunteerHours.requestId, elsewhere));

    const pending = (await listPendingHours(institutionId)).filter(
      (row) => row.name === "Flávio Enchente",
    );
    expect(pending).toHaveLength(6);
    const form = declineManyHoursSchema.safeParse({
      scope: "selected",
      ids: [...pending.map((row) => row.id), foreign?.id ?? ""],
      reason: "Estes meses não tiveram atividade.",
    });
    if (!form.success) throw new Error("the bulk form should parse");
    const { declined } = await declineManyOngoingHours({
      ...form.data,
      institutionId,
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    expect(declined).toBe(6);
    const left = await listPendingHours(institutionId);
    expect(left.map((row) => row.name)).toContain("Clara Calma");
    expect(left.map((row) => row.name)).not.toContain("Flávio Enchente");
    const [foreignRow] = await db
      .select({ status: volunteerHours.status })
      .from(volunteerHours)
      .where(eq(volunteerHours.id, foreign?.id ?? ""));
    expect(foreignRow?.status).toBe("PENDING");
    const reasons = await db
      .select({ reason: volunteerHours.declineReason })
      .from(volunteerHours)
      .where(eq(volunteerHours.requestId, floodRequest));
    expect(new Set(reasons.map((row) => row.reason))).toEqual(
      new Set(["Estes meses não tiveram atividade."]),
    );
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, flood.email));
    expect(mails.filter((mail) => mail.kind === "hours-declined")).toHaveLength(1);
    expect(mails[0]?.text).toContain("março de 2026, abril de 2026, maio de 2026 e mais 3 meses");

    // Declining them again changes nothing; nothing chosen and over 100 are refused by the form.
    expect(
      (
        await declineManyOngoingHours({
          ids: pending.map((row) => row.id),
          reason: "De novo.",
          institutionId,
          journeyUrl: JOURNEY,
          now: AFTER,
        })
      ).declined,
    ).toBe(0);
    expect(
      declineManyHoursSchema.safeParse({ scope: "selected", reason: "Sem motivo claro." }).error
        ?.issues[0]?.message,
    ).toBe(HOURS_MESSAGES.noneSelected);
    const many = Array.from(
      { length: 101 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
    );
    expect(
      declineManyHoursSchema.safeParse({ scope: "all", shown: many, reason: "Muitos registros." })
        .error?.issues[0]?.message,
    ).toBe(HOURS_MESSAGES.tooManySelected);
  });
});

describe("hours and certificates wait for the termo", () => {
  it("refuses to log, approve or confirm a month while the termo is pending or awaits the guardian", async () => {
    const gui = await world.volunteer("Gui Pendente");
    const pendingTermo = await acceptedApplication(gui.id, "PENDING");
    const logged = await refusedWith(log(gui.id, pendingTermo, "2026-11"));
    expect(logged.code).toBe("conflict");
    expect(logged.message).toContain("Aceite o termo de adesão");
    const confirmed = await refusedWith(
      confirmMonth({
        requestId: pendingTermo,
        month: "2026-11",
        minutes: 60,
        description: "Horta",
        institutionId,
        journeyUrl: JOURNEY,
        now: AFTER,
      }),
    );
    expect(confirmed.message).toContain("ainda não aceitou o termo de adesão");

    const minor = await world.volunteer("Mina Menor");
    const awaiting = await acceptedApplication(minor.id, "AWAITING_GUARDIAN");
    expect((await refusedWith(log(minor.id, awaiting, "2026-11"))).message).toContain(
      "consentimento do seu responsável",
    );
    // A row logged before the gate (or while it was open) is not approved while it waits.
    await db.insert(volunteerHours).values({
      volunteerId: minor.id,
      institutionId,
      kind: "ONGOING",
      requestId: awaiting,
      workedOn: "2026-10-01",
      minutes: 120,
      description: "Leitura",
      status: "PENDING",
      loggedBy: "VOLUNTEER",
    });
    const [row] = await db
      .select({ id: volunteerHours.id })
      .from(volunteerHours)
      .where(eq(volunteerHours.requestId, awaiting));
    const approval = await refusedWith(
      decideOngoingHours({
        institutionId,
        hoursId: row?.id ?? "",
        decision: "approve",
        journeyUrl: JOURNEY,
        now: AFTER,
      }),
    );
    expect(approval.message).toContain("consentimento do responsável");
    // Declining needs no termo: a flood is cleared whatever its state.
    await decideOngoingHours({
      institutionId,
      hoursId: row?.id ?? "",
      decision: "decline",
      reason: "Sem termo.",
      journeyUrl: JOURNEY,
      now: AFTER,
    });

    // Once the guardian consents, the month is logged.
    await db
      .update(agreements)
      .set({ guardianConsentedAt: AFTER })
      .where(eq(agreements.requestId, awaiting));
    await log(minor.id, awaiting, "2026-11");
  });

  it("an event's hours are confirmed only for people whose termo is accepted; absence needs none", async () => {
    const eventId = await world.event({ places: 10, date: "2026-12-10", name: "Mutirão do Termo" });
    const ana = await world.volunteer("Ana Aceitou");
    const beto = await world.volunteer("Beto Pendente");
    for (const person of [ana, beto]) await joinEvent({ eventId, userId: person.id, now: BEFORE });
    await db
      .update(agreements)
      .set({ acceptedAt: BEFORE, acceptedIp: "127.0.0.1" })
      .where(eq(agreements.volunteerId, ana.id));
    const listed = await listEventHours(eventId);
    expect(listed.find((person) => person.userId === ana.id)?.waitsFor).toBeNull();
    expect(listed.find((person) => person.userId === beto.id)?.waitsFor).toContain(
      "ainda não aceitou o termo",
    );
    const refused = await refusedWith(
      confirmEventHours({
        institutionId,
        eventId,
        entries: [
          { userId: ana.id, present: true, minutes: 180 },
          { userId: beto.id, present: true, minutes: 180 },
        ],
        journeyUrl: JOURNEY,
        now: AFTER,
      }),
    );
    expect(refused.message).toContain("Beto Pendente");
    expect(refused.field).toBe(`hours-${beto.id}`);
    expect(
      await db.select().from(volunteerHours).where(eq(volunteerHours.eventId, eventId)),
    ).toEqual([]);
    expect(
      await confirmEventHours({
        institutionId,
        eventId,
        entries: [
          { userId: ana.id, present: true, minutes: 180 },
          { userId: beto.id, present: false },
        ],
        journeyUrl: JOURNEY,
        now: AFTER,
      }),
    ).toMatchObject({ confirmed: 1, absent: 1 });
  });

  it("keeps confirmed hours out of a certificate until the termo is accepted, and says why", async () => {
    const caio = await world.volunteer("Caio Antigo");
    const eventId = await world.event({ places: 10, date: "2026-11-20", name: "Feira Antiga" });
    // Rows confirmed before the gate, with the termo still pending.
    await insertTermo(db, { volunteerId: caio.id, institutionId, eventId }, "PENDING");
    await db.insert(volunteerHours).values({
      volunteerId: caio.id,
      institutionId,
      kind: "EVENT",
      eventId,
      workedOn: "2026-11-20",
      minutes: 240,
      status: "CONFIRMED",
      loggedBy: "INSTITUTION",
      decidedAt: BEFORE,
    });
    const refused = await refusedWith(
      issueCertificate({
        volunteerId: caio.id,
        target: { scope: "EVENT", id: eventId },
        issuer: { id: caio.id, role: "VOLUNTEER" },
        now: AFTER,
      }),
    );
    expect(refused.code).toBe("conflict");
    expect(refused.message).toContain("Aceite o termo de adesão");
    const options = await certificateOptionsOf(caio.id);
    expect(options.groups).toEqual([]);
    expect(options.waiting).toEqual([
      expect.objectContaining({
        label: "Feira Antiga, 20/11/2026 (4 horas)",
        reason: expect.stringContaining("Aceite o termo de adesão"),
      }),
    ]);
    // The institution cannot certify them either, and hears what is missing.
    const byInstitution = await refusedWith(
      issueCertificate({
        volunteerId: caio.id,
        target: { scope: "EVENT", id: eventId },
        issuer: { id: institutionId, role: "INSTITUTION" },
        now: AFTER,
      }),
    );
    expect(byInstitution.message).toContain("ainda não aceitou o termo");
    await db
      .update(agreements)
      .set({ acceptedAt: AFTER, acceptedIp: "127.0.0.1" })
      .where(eq(agreements.volunteerId, caio.id));
    const { created } = await issueCertificate({
      volunteerId: caio.id,
      target: { scope: "EVENT", id: eventId },
      issuer: { id: caio.id, role: "VOLUNTEER" },
      now: AFTER,
    });
    expect(created).toBe(true);
  });
});

describe("a revoked certificate's hours are not certified again by the holder", () => {
  async function certifiedEvent(name: string) {
    const person = await world.volunteer(name);
    const eventId = await world.event({ places: 10, date: "2026-11-21", name: `Mutirão ${name}` });
    await joinEvent({ eventId, userId: person.id, now: new Date("2026-11-10T12:00:00Z") });
    await db
      .update(agreements)
      .set({ acceptedAt: BEFORE, acceptedIp: "127.0.0.1" })
      .where(eq(agreements.volunteerId, person.id));
    await confirmEventHours({
      institutionId,
      eventId,
      entries: [{ userId: person.id, present: true, minutes: 240 }],
      journeyUrl: JOURNEY,
      now: new Date("2026-11-22T12:00:00Z"),
    });
    const target = { scope: "EVENT" as const, id: eventId };
    const volunteer = { id: person.id, role: "VOLUNTEER" as const };
    const { certificate } = await issueCertificate({
      volunteerId: person.id,
      target,
      issuer: volunteer,
      now: new Date("2026-11-23T12:00:00Z"),
    });
    await revokeCertificate({
      institutionId,
      certificateId: certificate.id,
      reason: "Horas lançadas por engano.",
      now: new Date("2026-11-24T12:00:00Z"),
    });
    const again = () =>
      issueCertificate({ volunteerId: person.id, target, issuer: volunteer, now: AFTER });
    return { person, eventId, target, again, revoked: certificate };
  }

  it("refuses the holder's new certificate right after the revocation (the review's example)", async () => {
    const { person, again } = await certifiedEvent("Rita Revogada");
    const refused = await refusedWith(again());
    expect(refused.code).toBe("conflict");
    expect(refused.message).toBe(CERTIFICATE_MESSAGES.heldByRevocation);
    // Nor does a period covering them make one; the page says why they wait.
    const period = await refusedWith(
      issueCertificate({
        volunteerId: person.id,
        target: { scope: "PERIOD", id: institutionId },
        issuer: { id: person.id, role: "VOLUNTEER" },
        now: AFTER,
      }),
    );
    expect(period.message).toBe(CERTIFICATE_MESSAGES.heldByRevocation);
    const options = await certificateOptionsOf(person.id);
    expect(options.groups).toEqual([]);
    expect(options.waiting.map((row) => row.reason)).toEqual([
      CERTIFICATE_MESSAGES.heldByRevocation,
    ]);
  });

  it("frees them once the institution corrects the hours", async () => {
    const { person, eventId, again } = await certifiedEvent("Rui Corrigido");
    await confirmEventHours({
      institutionId,
      eventId,
      entries: [{ userId: person.id, present: true, minutes: 180 }],
      journeyUrl: JOURNEY,
      now: new Date("2026-11-25T12:00:00Z"),
    });
    const { certificate, created } = await again();
    expect(created).toBe(true);
    expect(certificate.totalMinutes).toBe(180);
    expect(certificate.revokedAt).toBeNull();
  });

  it("lets the institution certify them itself, which vouches for them again", async () => {
    const { person, target, again, revoked } = await certifiedEvent("Reno Reemitido");
    const byInstitution = await issueCertificate({
      volunteerId: person.id,
      target,
      issuer: { id: institutionId, role: "INSTITUTION" },
      now: AFTER,
    });
    expect(byInstitution.created).toBe(true);
    expect(byInstitution.certificate.id).not.toBe(revoked.id);
    // Asking again now returns the institution's certificate.
    const asked = await again();
    expect(asked).toMatchObject({ created: false });
    expect(asked.certificate.id).toBe(byInstitution.certificate.id);
  });

  it("holds the rows of certificates revoked before this rule, through the backfilled ids", async () => {
    const { person, again, revoked } = await certifiedEvent("Lia Legada");
    // A certificate issued before migration 0020 had no ids: the migration's SQL finds them.
    await db.execute(sql`update certificates set hour_ids = '{}' where id = ${revoked.id}`);
    expect((await again()).created).toBe(true);
    const { readFile } = await import("node:fs/promises");
    const backfill = await readFile(
      new URL("../../app/db/migrations/0026_certificate_hour_ids_backfill.sql", import.meta.url),
      "utf8",
    );
    // Undo the fresh certificate, restore the legacy state, and run the migration's SQL.
    await db.execute(
      sql`delete from certificates where volunteer_id = ${person.id} and revoked_at is null`,
    );
    await db.execute(sql.raw(backfill));
    expect((await refusedWith(again())).message).toBe(CERTIFICATE_MESSAGES.heldByRevocation);
  });
});

describe("the public lookup", () => {
  it("answers a valid code from a network past its miss budget", async () => {
    const dora = await world.volunteer("Dora Verificada");
    const requestId = await acceptedApplication(dora.id);
    await confirmMonth({
      requestId,
      month: "2026-11",
      minutes: 600,
      description: "Biblioteca",
      institutionId,
      journeyUrl: JOURNEY,
      now: AFTER,
    });
    const { certificate } = await issueCertificate({
      volunteerId: dora.id,
      target: { scope: "ONGOING", id: requestId },
      issuer: { id: dora.id, role: "VOLUNTEER" },
      now: AFTER,
    });
    const network = "198.51.100.0";
    let refused = 0;
    for (let index = 0; index < 35; index++) {
      try {
        expect(
          await lookUpCertificate(`0000000000${String(index).padStart(2, "0")}`, network),
        ).toBeNull();
      } catch (error) {
        if (!isAppError(error, "rate-limited")) throw error;
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    // The guesser's network is refused for unknown codes; a real certificate is still answered.
    expect((await lookUpCertificate(certificate.code, network))?.id).toBe(certificate.id);
    expect(
      await refusedWith(lookUpCertificate("ZZZZZZZZZZZZ", network)).then((error) => error.code),
    ).toBe("rate-limited");
  });
});
