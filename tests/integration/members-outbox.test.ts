import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideApplication } from "~/applications/application-decisions.server";
import { applyToInstitution, findApplicationTarget } from "~/applications/applications.server";
import type { Database } from "~/db/client.server";
import { emailOutbox, volunteerRequests } from "~/db/schema";
import { createTransport } from "~/email/transport.server";
import { startMailWorker } from "~/email/worker.server";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { type SmtpSink, startSmtpSink } from "../helpers/mail";
import { institutionAndVolunteer } from "../helpers/outbox-fixtures";
import { TEST_ORIGIN } from "../helpers/test-origin";

/**
 * Issue 5: stopping SMTP during an application loses nothing. The application and its e-mail
 * are one transaction (the outbox); while the SMTP server is down the worker's attempt fails
 * and is rescheduled; once SMTP is back the retry delivers the e-mail exactly once. The same
 * holds for the institution's answer to the volunteer. Runs on PGlite and on PostgreSQL.
 */

// Templates read the configuration: a secret of the test's own (no file written in ./data).
process.env.SESSION_SECRET ??= "members-outbox-test-secret-0123456789abcdef";

let database: TestDatabase;
let db: Database;
let mailDir: string;
let institutionId: string;
let volunteer: { id: string; name: string; email: string };
const VOLUNTEER_EMAIL = "renata@teste.org.br";
const INSTITUTION_URL = `${TEST_ORIGIN}/instituicoes/lar-aconchego`;

const CONTACT = "contato.lar-aconchego@teste.org.br";
const REPLY = "renata.lima@teste.org.br";

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  mailDir = await mkdtemp(path.join(tmpdir(), "conecta-members-mail-"));
  const created = await institutionAndVolunteer(db, {
    institution: {
      name: "Lar Aconchego",
      email: "lar-aconchego@teste.org.br",
      contactEmail: CONTACT,
      resume: "Acolhimento de idosos em Niterói.",
      about: "Um lar para idosos que precisa de companhia e de mãos para as atividades.",
    },
    volunteer: {
      name: "Renata Lima",
      email: VOLUNTEER_EMAIL,
      resume: "Gosto de ler para pessoas idosas.",
    },
  });
  institutionId = created.institutionId;
  const volunteerId = created.volunteerId;
  volunteer = { id: volunteerId, name: "Renata Lima", email: VOLUNTEER_EMAIL };
});

afterAll(async () => {
  await database?.dispose();
  await rm(mailDir, { recursive: true, force: true });
});

/** A worker sending to `port` over SMTP, as the server's worker does with SMTP_URL set. */
function workerFor(port: number) {
  return startMailWorker({
    from: "Conecta Voluntário <nao-responda@teste.org.br>",
    send: createTransport({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailDir }),
  });
}

async function outboxRows(kind: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.kind, kind));
}

/** The back-off would wait 10 s: make the failed e-mail due now, as time passing would. */
async function makeRetriesDue(): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${emailOutbox.sentAt} is null`);
}

describe("application e-mails while SMTP is down", () => {
  let sink: SmtpSink;
  let port: number;

  it("an application made while SMTP is down is stored with its e-mail; the attempt fails and is kept", async () => {
    // A sink started and closed: its port refuses connections, like a stopped mail server.
    const probe = await startSmtpSink();
    port = probe.port;
    await probe.close();
    const worker = workerFor(port);
    try {
      const target = await findApplicationTarget(institutionId);
      if (!target) throw new Error("the institution is not approved");
      await applyToInstitution({
        volunteer,
        institution: target,
        institutionUrl: INSTITUTION_URL,
        replyEmail: REPLY,
        phone: "5521988887777",
        summary: "Posso ler para os moradores às quartas.",
      });
      await worker.flush();
    } finally {
      await worker.stop();
    }
    const [row] = await outboxRows("volunteer-application");
    expect(row?.to).toBe(CONTACT);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeTruthy();
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    const requests = await db.select().from(volunteerRequests);
    expect(requests).toHaveLength(1);
    // The volunteer's receipt is queued in the same transaction, to the account's e-mail.
    const [receipt] = await outboxRows("application-receipt");
    expect(receipt?.to).toBe(VOLUNTEER_EMAIL);
    expect(receipt?.sentAt).toBeNull();
  });

  it("a repeat application while the first is pending creates nothing", async () => {
    const target = await findApplicationTarget(institutionId);
    if (!target) throw new Error("the institution is not approved");
    await expect(
      applyToInstitution({
        volunteer,
        institution: target,
        institutionUrl: INSTITUTION_URL,
        replyEmail: REPLY,
        phone: "5521988887777",
        summary: "De novo.",
      }),
    ).rejects.toMatchObject({ name: "AppError", code: "conflict" });
    expect(await db.select().from(volunteerRequests)).toHaveLength(1);
    expect(await outboxRows("volunteer-application")).toHaveLength(1);
    expect(await outboxRows("application-receipt")).toHaveLength(1);
  });

  it("once SMTP is back the retry delivers the e-mail exactly once", async () => {
    sink = await startSmtpSink({ port });
    const worker = workerFor(port);
    try {
      await makeRetriesDue();
      await worker.flush();
      const mail = await sink.waitForMessage(CONTACT);
      expect(mail.subject).toBe("Nova candidatura de voluntariado: Renata Lima");
      for (const field of [
        "Lar Aconchego",
        CONTACT,
        "+55 (21) 98888-7777",
        "Posso ler para os moradores às quartas.",
        "Renata Lima",
        REPLY,
      ]) {
        expect(mail.text).toContain(field);
      }
      const receipt = await sink.waitForMessage(VOLUNTEER_EMAIL);
      expect(receipt.subject).toBe("Candidatura enviada: Lar Aconchego");
      for (const field of ["Renata Lima", REPLY, "+55 (21) 98888-7777", INSTITUTION_URL]) {
        expect(receipt.text).toContain(field);
      }
      // Another pass finds nothing due: no second copy.
      await makeRetriesDue();
      await worker.flush();
    } finally {
      await worker.stop();
    }
    expect(sink.messages.filter((message) => message.to.includes(CONTACT))).toHaveLength(1);
    expect(sink.messages.filter((message) => message.to.includes(VOLUNTEER_EMAIL))).toHaveLength(1);
    const [row] = await outboxRows("volunteer-application");
    expect(row?.sentAt).not.toBeNull();
    expect(row?.attempts).toBe(2);
  });

  it("the institution's answer, given twice, reaches the volunteer once", async () => {
    const [request] = await db.select({ id: volunteerRequests.id }).from(volunteerRequests);
    const requestId = request?.id ?? "";
    const answers = await Promise.all([
      decideApplication({ institutionId, requestId, decision: "ACCEPTED" }),
      decideApplication({ institutionId, requestId, decision: "ACCEPTED" }),
    ]);
    expect(answers.sort()).toEqual(["decided", "unchanged"]);
    expect(await outboxRows("application-decision")).toHaveLength(1);

    const worker = workerFor(port);
    try {
      await worker.flush();
      const mail = await sink.waitForMessage(REPLY);
      expect(mail.subject).toBe("Sua candidatura foi aceita: Lar Aconchego");
      await worker.flush();
    } finally {
      await worker.stop();
      await sink.close();
    }
    expect(sink.messages.filter((message) => message.to.includes(REPLY))).toHaveLength(1);
    const [stored] = await db
      .select({ status: volunteerRequests.status, decidedAt: volunteerRequests.decidedAt })
      .from(volunteerRequests);
    expect(stored?.status).toBe("ACCEPTED");
    expect(stored?.decidedAt).not.toBeNull();
  });
});
