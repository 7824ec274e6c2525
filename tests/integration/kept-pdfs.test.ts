import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/account/delete-account.server";
import { keptAgreementPdf } from "~/agreements/agreement-pdf-store.server";
import { findAgreement } from "~/agreements/agreements.server";
import { keptCertificatePdf } from "~/certificates/certificate-pdf-store.server";
import {
  issueCertificate,
  ownCertificate,
  revokeCertificate,
} from "~/certificates/certificates.server";
import type { Database } from "~/db/client.server";
import { agreements, documentPdfs, volunteerHours } from "~/db/schema";
import { documentPdf, PDF_SERVER_BUSY, pdfJobs } from "~/documents/kept-pdfs.server";
import { isAppError } from "~/lib/app-error";
import { insertTermo } from "../helpers/agreement-world";
import type { TestDatabase } from "../helpers/database";
import { participationTestbed, type participationWorld } from "../helpers/participation-world";
import { pdfText } from "../helpers/pdf";

/**
 * PDFs of immutable documents rendered once and kept; others through the bounded PDF queue
 * (issue 39, deliverable 4; ADR 0071).
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;
const SITE = { appName: "Conecta Voluntário", baseUrl: "https://conecta.example.org" };
const NOW = new Date("2026-11-27T15:00:00Z");

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Instituto dos Papéis",
    email: "papeis@teste.org.br",
  }));
});

afterAll(async () => {
  await database?.dispose();
});

/** A person with 4 confirmed hours at an event, their termo accepted, and its certificate. */
async function certified(name: string) {
  const person = await world.volunteer(name);
  const eventId = await world.event({ places: 10, date: "2026-11-14", name: "Mutirão" });
  const termoId = await insertTermo(db, { volunteerId: person.id, institutionId, eventId });
  await db.insert(volunteerHours).values({
    volunteerId: person.id,
    institutionId,
    kind: "EVENT",
    eventId,
    workedOn: "2026-11-14",
    minutes: 240,
    status: "CONFIRMED",
    loggedBy: "INSTITUTION",
    decidedAt: NOW,
  });
  const { certificate } = await issueCertificate({
    volunteerId: person.id,
    target: { scope: "EVENT", id: eventId },
    issuer: { id: person.id, role: "VOLUNTEER" },
    now: NOW,
  });
  return { person, certificate, termoId };
}

const keptRows = () => db.select().from(documentPdfs);

describe("kept PDFs", () => {
  it("renders a document once and serves the same bytes afterwards", async () => {
    let renders = 0;
    const render = async () => {
      renders++;
      return Buffer.from(`%PDF-render-${renders}`);
    };
    const { certificate } = await certified("Kátia Guardada");
    const document = { certificateId: certificate.id };
    const first = await documentPdf({ document, variant: "v1", keep: true, render });
    const second = await documentPdf({ document, variant: "v1", keep: true, render });
    expect(renders).toBe(1);
    expect(second.equals(first)).toBe(true);
    // Another state of the document renders again and replaces the kept copy.
    const revoked = await documentPdf({ document, variant: "v2", keep: true, render });
    expect(renders).toBe(2);
    expect(revoked.toString()).toBe("%PDF-render-2");
    const rows = (await keptRows()).filter((row) => row.certificateId === certificate.id);
    expect(rows.map((row) => row.variant)).toEqual(["v2"]);
    // What is not kept renders each time.
    await documentPdf({ document, variant: "draft", keep: false, render });
    await documentPdf({ document, variant: "draft", keep: false, render });
    expect(renders).toBe(4);
  });

  it("keeps a certificate's real PDF, byte-identical on later downloads, then its revoked face", async () => {
    const { certificate } = await certified("Leo Certificado");
    const first = await keptCertificatePdf(certificate, SITE);
    const again = await keptCertificatePdf(certificate, SITE);
    expect(again.equals(first)).toBe(true);
    expect((await keptRows()).some((row) => row.certificateId === certificate.id)).toBe(true);

    await revokeCertificate({
      institutionId,
      certificateId: certificate.id,
      reason: "Horas lançadas por engano.",
      now: NOW,
    });
    const revoked = await ownCertificate(institutionId, certificate.id);
    if (!revoked) throw new Error("certificate gone");
    const revokedPdf = await keptCertificatePdf(revoked, SITE);
    expect(await pdfText(revokedPdf)).toContain("foi revogado");
    expect((await keptCertificatePdf(revoked, SITE)).equals(revokedPdf)).toBe(true);
  });

  it("forgets the kept copy with the holder's name when the account is deleted", async () => {
    const { person, certificate } = await certified("Mia Apagada");
    await keptCertificatePdf(certificate, SITE);
    expect((await keptRows()).some((row) => row.certificateId === certificate.id)).toBe(true);
    await deleteAccount(person.id);
    expect((await keptRows()).some((row) => row.certificateId === certificate.id)).toBe(false);
    const anonymous = await ownCertificate(institutionId, certificate.id);
    if (!anonymous) throw new Error("certificate gone");
    expect(anonymous.volunteerName).toBeNull();
    // Still downloadable by the institution, rendered without a name and not kept.
    expect(await pdfText(await keptCertificatePdf(anonymous, SITE))).toContain(
      "titular deste certificado",
    );
    expect((await keptRows()).some((row) => row.certificateId === certificate.id)).toBe(false);
  });

  it("keeps a termo only once accepted", async () => {
    const { person, termoId } = await certified("Nina Termo");
    await db.update(agreements).set({ acceptedAt: null }).where(eq(agreements.id, termoId));
    const pending = await findAgreement(termoId, { volunteerId: person.id });
    if (!pending) throw new Error("termo gone");
    await keptAgreementPdf(pending);
    expect((await keptRows()).some((row) => row.agreementId === termoId)).toBe(false);
    await db
      .update(agreements)
      .set({ acceptedAt: NOW, acceptedIp: "127.0.0.1" })
      .where(eq(agreements.id, termoId));
    const accepted = await findAgreement(termoId, { volunteerId: person.id });
    if (!accepted) throw new Error("termo gone");
    const first = await keptAgreementPdf(accepted);
    expect((await keptAgreementPdf(accepted)).equals(first)).toBe(true);
    expect((await keptRows()).filter((row) => row.agreementId === termoId)).toHaveLength(1);
  });
});

describe("the PDF queue", () => {
  it("renders one at a time, lets four wait and refuses the next at once with a Retry-After", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    let most = 0;
    const slow = async () => {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      return Buffer.from("%PDF");
    };
    const document = { certificateId: "00000000-0000-4000-8000-000000000000" };
    const accepted = Array.from({ length: 5 }, () =>
      documentPdf({ document, variant: "x", keep: false, render: slow }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(pdfJobs.load()).toEqual({ running: 1, waiting: { render: 4 } });
    let refusal: unknown;
    try {
      await documentPdf({ document, variant: "x", keep: false, render: slow });
    } catch (error) {
      refusal = error;
    }
    expect(isAppError(refusal, "unavailable")).toBe(true);
    expect((refusal as Error).message).toBe(PDF_SERVER_BUSY);
    expect((refusal as { retryAfterSeconds?: number }).retryAfterSeconds).toBeGreaterThan(0);
    release();
    expect(await Promise.all(accepted)).toHaveLength(5);
    expect(most).toBe(1);
    expect(pdfJobs.load()).toEqual({ running: 0, waiting: { render: 0 } });
  });
});
