import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount } from "~/account/delete-account.server";
import { exportPersonalData } from "~/account/personal-data.server";
import { agreementPdf } from "~/agreements/agreement-pdf.server";
import { acceptAgreement, listVolunteerAgreements } from "~/agreements/agreements.server";
import { resendGuardianAgreementLink } from "~/agreements/guardian-link.server";
import { decideApplication } from "~/applications/application-decisions.server";
import { createVolunteerAccount } from "~/auth/create-account.server";
import type { Database } from "~/db/client.server";
import { agreements, guardianTokens, volunteers } from "~/db/schema";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import { ageFieldsToStore } from "~/guardians/age-rules";
import { consentAsGuardian, findGuardianRequest } from "~/guardians/guardian-consent.server";
import { processImageUpload } from "~/images/pipeline.server";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { isAppError } from "~/lib/app-error";
import { tokenDigest } from "~/lib/token-digest";
import { updateVolunteerProfile } from "~/volunteers/volunteer-profile.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { insertApplication, linkIn, outboxTo } from "../helpers/agreement-world";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { makeJpeg } from "../helpers/images";
import { keepPage, pdfPages, pdfText } from "../helpers/pdf";

/**
 * A 16-year-old's account and termos (issue 16, item 2; ADR 0050) on a real database: the
 * guardian named at sign-up is e-mailed a link for the account and one for each termo; the termo
 * stays pending until the guardian consents, then it is accepted. Links are single-purpose,
 * kept hashed and expire; time is moved by the test.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
const GUARDIAN = { guardianName: "Marta Souza", guardianEmail: "marta.souza@teste.org.br" };

const tokenOf = (url: string) => url.split("/responsavel/")[1] ?? "";

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return error.code;
    throw error;
  }
  return "no error";
}

async function sixteenYearOld(email: string, birthDate: string) {
  const id = await createVolunteerAccount({
    credentials: { email, phone: "5581988887777", passwordHash: "x" },
    name: "Lia Menezes",
    resume: "Quero ajudar na biblioteca do bairro.",
    uf: "PE",
    city: "Recife",
    photo: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile"),
    age: ageFieldsToStore({ birthDate, ...GUARDIAN }),
  });
  return { id, email };
}

/** "dd/mm/aaaa" of the day `years` years ago, one day less (so the person just turned that age). */
function birthDateAged(years: number): string {
  const today = new Date();
  const day = new Date(
    Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() - 1),
  );
  const iso = day.toISOString().slice(0, 10);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "Biblioteca Comunitária",
    email: "biblioteca@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

describe("a 16-year-old with a guardian", () => {
  it("e-mails the guardian at sign-up, and the guardian consents to the account once", async () => {
    const lia = await sixteenYearOld("lia@teste.org.br", birthDateAged(16));
    const mails = await outboxTo(db, GUARDIAN.guardianEmail);
    expect(mails.map((mail) => mail.kind)).toEqual(["guardian-account"]);
    expect(mails[0]?.text).toContain("Lia Menezes");
    const token = tokenOf(linkIn(mails[0]?.text ?? "", "/responsavel/"));
    // Only the token's hash is kept.
    const [stored] = await db
      .select()
      .from(guardianTokens)
      .where(eq(guardianTokens.volunteerId, lia.id));
    expect(stored?.digest).toBe(tokenDigest(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const request = await findGuardianRequest(token);
    expect(request).toMatchObject({
      purpose: "ACCOUNT",
      state: "open",
      volunteerName: "Lia Menezes",
    });
    expect(
      await consentAsGuardian({ token, name: "Marta Souza", sha256: null, ip: "203.0.113.9" }),
    ).toBe("consented");
    expect(
      await consentAsGuardian({ token, name: "Marta Souza", sha256: null, ip: "203.0.113.9" }),
    ).toBe("already");
    const [row] = await db.select().from(volunteers).where(eq(volunteers.userId, lia.id));
    expect(row?.guardianConsentName).toBe("Marta Souza");
    expect(row?.guardianConsentIp).toBe("203.0.113.9");
    expect(row?.guardianConsentedAt).not.toBeNull();
  });

  it("keeps the termo pending until the guardian consents through the link, then accepts it", async () => {
    const lia = await sixteenYearOld("lia2@teste.org.br", birthDateAged(16));
    const requestId = await insertApplication(db, lia, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const [termo] = await listVolunteerAgreements(lia.id);
    if (!termo) throw new Error("no termo");
    expect(termo.guardianRequired).toBe(true);
    expect(termo.body).toContain("assistido(a) por seu responsável legal, Marta Souza");
    const mail = (await outboxTo(db, GUARDIAN.guardianEmail)).find(
      (row) => row.kind === "guardian-agreement" && row.dedupeKey.endsWith(termo.id),
    );
    if (!mail) throw new Error("no e-mail to the guardian about the termo");
    const token = tokenOf(linkIn(mail.text, "/responsavel/"));

    const accepted = await acceptAgreement({
      id: termo.id,
      volunteerId: lia.id,
      sha256: termo.bodySha256,
      ip: "198.51.100.1",
      userAgent: "Vitest",
    });
    expect(accepted.status).toBe("AWAITING_GUARDIAN");

    const request = await findGuardianRequest(token);
    expect(request?.purpose).toBe("AGREEMENT");
    expect(request?.agreement?.bodySha256).toBe(termo.bodySha256);
    // A page showing another text cannot consent to this one.
    expect(
      await refusal(
        consentAsGuardian({ token, name: "Marta Souza", sha256: "0".repeat(64), ip: "x" }),
      ),
    ).toBe("conflict");
    await consentAsGuardian({
      token,
      name: "Marta Souza",
      sha256: termo.bodySha256,
      ip: "203.0.113.10",
    });
    const [after] = await listVolunteerAgreements(lia.id);
    expect(after?.status).toBe("ACCEPTED");
    expect(after?.guardianConsentIp).toBe("203.0.113.10");
    if (!after) throw new Error("no termo");
    const text = (await pdfText(await agreementPdf(after))).replace(/\s+/g, " ");
    expect(text).toContain("Consentimento do responsável: Marta Souza");
    const pages = await pdfPages(await agreementPdf(after));
    await keepPage(
      `a-termo-menor-${database.kind}-${pages.length}`,
      pages.at(-1) ?? Buffer.alloc(0),
    );
  });

  it("sends the guardian a new link when the volunteer asks: not twice in a row, not after consent, not for others", async () => {
    const lia = await sixteenYearOld("lia5@teste.org.br", birthDateAged(16));
    const requestId = await insertApplication(db, lia, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const [termo] = await listVolunteerAgreements(lia.id);
    if (!termo) throw new Error("no termo");
    const termoMails = async () =>
      (await outboxTo(db, GUARDIAN.guardianEmail))
        .filter((row) => row.kind === "guardian-agreement" && row.dedupeKey.includes(termo.id))
        .sort((a, b) => a.id - b.id);
    const first = tokenOf(linkIn((await termoMails())[0]?.text ?? "", "/responsavel/"));
    const resend = (at: Date, volunteerId = lia.id) =>
      resendGuardianAgreementLink({ agreementId: termo.id, volunteerId, now: at });

    // The link was just sent: pressing the button now sends nothing.
    expect(await refusal(resend(new Date()))).toBe("rate-limited");
    // A month later the first link has expired; a new one goes out and works.
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect((await findGuardianRequest(first, later))?.state).toBe("expired");
    expect(await refusal(resend(later, institutionId))).toBe("not-found");
    await resend(later);
    const mails = await termoMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("Lia Menezes");
    const second = tokenOf(linkIn(mails[1]?.text ?? "", "/responsavel/"));
    expect(second).not.toBe(first);
    expect((await findGuardianRequest(second, later))?.state).toBe("open");
    expect(await refusal(resend(new Date(later.getTime() + 60_000)))).toBe("rate-limited");

    await acceptAgreement({
      id: termo.id,
      volunteerId: lia.id,
      sha256: termo.bodySha256,
      ip: "198.51.100.1",
      userAgent: "Vitest",
    });
    await consentAsGuardian({
      token: second,
      name: "Marta Souza",
      sha256: termo.bodySha256,
      ip: "203.0.113.11",
      now: later,
    });
    expect(await refusal(resend(new Date(later.getTime() + 3_600_000)))).toBe("conflict");
    expect(await termoMails()).toHaveLength(2);
  });

  it("refuses unknown and expired links, and asks a newly named guardian afresh", async () => {
    expect(await findGuardianRequest("nao-existe-este-token-aqui")).toBeNull();
    expect(
      await refusal(consentAsGuardian({ token: "../../etc", name: "X", sha256: null, ip: "x" })),
    ).toBe("not-found");
    const lia = await sixteenYearOld("lia3@teste.org.br", birthDateAged(17));
    const mail = (await outboxTo(db, GUARDIAN.guardianEmail))
      .filter((row) => row.kind === "guardian-account")
      .sort((a, b) => a.id - b.id)
      .at(-1);
    const token = tokenOf(linkIn(mail?.text ?? "", "/responsavel/"));
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect((await findGuardianRequest(token, later))?.state).toBe("expired");
    expect(
      await refusal(
        consentAsGuardian({ token, name: "Marta Souza", sha256: null, ip: "x", now: later }),
      ),
    ).toBe("conflict");

    // Housekeeping removes links past their 30 days (and only those).
    await db
      .update(guardianTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianTokens.digest, tokenDigest(token)));
    await runHousekeeping();
    expect(await findGuardianRequest(token)).toBeNull();
    expect((await db.select().from(guardianTokens)).length).toBeGreaterThan(0);

    // Another guardian named in "Editar perfil": the consent on file no longer holds, and the
    // new guardian gets a link.
    await updateVolunteerProfile(lia.id, {
      name: "Lia Menezes",
      uf: "PE",
      city: "Recife",
      summary: "Quero ajudar na biblioteca do bairro.",
      photo: KEEP_SAVED_IMAGE,
      age: ageFieldsToStore({
        birthDate: birthDateAged(17),
        guardianName: "João Menezes",
        guardianEmail: "joao.menezes@teste.org.br",
      }),
    });
    expect((await outboxTo(db, "joao.menezes@teste.org.br")).map((row) => row.kind)).toEqual([
      "guardian-account",
    ]);
  });
});

describe("the person's data", () => {
  it("exports termos and guardian data, and deletion takes termos, links and queued e-mails", async () => {
    const lia = await sixteenYearOld("lia4@teste.org.br", birthDateAged(16));
    const requestId = await insertApplication(db, lia, institutionId);
    await decideApplication({ institutionId, requestId, decision: "ACCEPTED" });
    const exported = await exportPersonalData(lia.id);
    expect(exported?.volunteer).toMatchObject({
      guardianName: GUARDIAN.guardianName,
      guardianEmail: GUARDIAN.guardianEmail,
    });
    expect(exported?.agreements).toHaveLength(1);
    expect(exported?.agreements[0]).toMatchObject({
      institutionName: "Biblioteca Comunitária",
      guardianRequired: true,
    });
    expect(exported?.agreements[0]?.body).toContain("Lia Menezes");
    const issued = await exportPersonalData(institutionId);
    expect(issued?.agreementsIssued.some((row) => row.volunteerId === lia.id)).toBe(true);

    const guardianMailsBefore = (await outboxTo(db, GUARDIAN.guardianEmail)).length;
    await deleteAccount(lia.id);
    expect(await db.select().from(agreements).where(eq(agreements.volunteerId, lia.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(guardianTokens).where(eq(guardianTokens.volunteerId, lia.id)),
    ).toEqual([]);
    // Her sign-up link and her termo's link to the guardian are gone; others' stay.
    expect((await outboxTo(db, GUARDIAN.guardianEmail)).length).toBe(guardianMailsBefore - 2);
  });
});
