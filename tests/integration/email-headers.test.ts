import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { createTransport } from "~/email/transport.server";
import { readOptOutToken } from "~/email/unsubscribe.server";
import { startMailWorker } from "~/email/worker.server";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { type SmtpSink, startSmtpSink } from "../helpers/mail";

/**
 * What a mail provider reads (ADR 0068), from a real SMTP server on loopback: the RFC 8058
 * opt-out headers on every message that is not strictly transactional and on none that is, and
 * subjects carrying member text as RFC 2047 words on one header line, whatever the text holds.
 */

let database: TestDatabase;
let db: Database;
let sink: SmtpSink;
let worker: ReturnType<typeof startMailWorker> | undefined;

beforeAll(async () => {
  [database, sink] = await Promise.all([testDatabase(), startSmtpSink()]);
  db = database.db;
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

afterAll(async () => {
  await sink?.close();
  await database?.dispose();
});

function startWorker() {
  worker = startMailWorker({
    from: "Conecta Voluntário <nao-responda@teste.org.br>",
    send: createTransport({ smtpUrl: sink.url, mailDir: "/nonexistent" }),
  });
  return worker;
}

/** The message's header block, folded lines joined, as name → values. */
function headerLines(raw: string): string[] {
  const head = raw.replace(/\r\n/g, "\n").split("\n\n")[0] ?? "";
  return head.replace(/\n[ \t]+/g, " ").split("\n");
}

describe("opt-out headers (RFC 2369, RFC 8058)", () => {
  it("every kind that is not transactional carries both; a password reset carries neither", async () => {
    const stamp = Date.now();
    const optional = `opcional-${stamp}@teste.org.br`;
    const transactional = `essencial-${stamp}@teste.org.br`;
    await enqueueEmail(db, {
      to: optional,
      kind: "participants-message",
      dedupeKey: `headers:${stamp}:1`,
      sender: null,
      subject: "Ponto de encontro",
      text: "Levem água.",
      html: "<html><body><p>Levem água.</p></body></html>",
    });
    await enqueueEmail(db, {
      to: transactional,
      kind: "password-reset",
      dedupeKey: `headers:${stamp}:2`,
      sender: null,
      subject: "Redefinição de senha",
      text: "Link.",
      html: "<p>Link.</p>",
    });
    await startWorker().flush();
    const withOptOut = await sink.waitForMessage(optional);
    const lines = headerLines(withOptOut.raw);
    const list = lines.find((line) => /^List-Unsubscribe:/i.test(line)) ?? "";
    expect(lines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const url = list.match(/<(https?:\/\/[^>]+)>/)?.[1] ?? "";
    expect(new URL(url).pathname).toBe("/e-mail/cancelar");
    expect(readOptOutToken(new URL(url).searchParams.get("token"))).toEqual({
      address: optional,
      kind: "participants-message",
    });
    // The body says it too, for people.
    expect(withOptOut.text).toContain("/e-mail/cancelar?token=");
    expect(withOptOut.html).toContain("Cancelar o envio");

    const without = await sink.waitForMessage(transactional);
    expect(headerLines(without.raw).some((line) => /^List-Unsubscribe/i.test(line))).toBe(false);
    expect(without.text).not.toContain("/e-mail/cancelar");
  });
});

describe("subjects carrying member text", () => {
  const HOSTILE = [
    "Mutirão\r\nBcc: vitima@exemplo.org.br",
    "Mutirão\nBcc: vitima@exemplo.org.br",
    "Mutirão\rBcc: vitima@exemplo.org.br",
    "Mutirão\u0085Bcc: vitima@exemplo.org.br",
    "Mutirão\u2028Bcc: vitima@exemplo.org.br",
    "Mutirão\u0000\u0007\u000bBcc: vitima@exemplo.org.br",
    // A bidi control is dropped (ADR 0066), not made a space.
    "Mutirão \u202eBcc: vitima@exemplo.org.br",
  ];

  it("through the outbox: one Subject line, RFC 2047 encoded, no header of its own", async () => {
    const stamp = Date.now();
    for (const [index, subject] of HOSTILE.entries()) {
      await enqueueEmail(db, {
        to: `assunto${index}-${stamp}@teste.org.br`,
        kind: "participants-message",
        dedupeKey: `subject:${stamp}:${index}`,
        sender: null,
        subject: `Evento alterado: ${subject}`,
        text: "Texto.",
        html: "<p>Texto.</p>",
      });
    }
    await startWorker().flush();
    for (const index of HOSTILE.keys()) {
      const received = await sink.waitForMessage(`assunto${index}-${stamp}@teste.org.br`);
      const lines = headerLines(received.raw);
      expect(lines.filter((line) => /^Bcc:/i.test(line))).toEqual([]);
      expect(lines.filter((line) => /^Subject:/i.test(line))).toHaveLength(1);
      const subjectLine = lines.find((line) => /^Subject:/i.test(line)) ?? "";
      // Non-ASCII goes as encoded words; the raw header holds printable ASCII only.
      expect(subjectLine).toMatch(/=\?UTF-8\?[QB]\?/i);
      expect(/^[\x20-\x7e]*$/.test(subjectLine)).toBe(true);
      expect(received.subject).toBe("Evento alterado: Mutirão Bcc: vitima@exemplo.org.br");
      expect(received.to).toBe(`assunto${index}-${stamp}@teste.org.br`);
    }
  });

  it("a row written around the outbox is cleaned by the worker before nodemailer", async () => {
    const stamp = Date.now();
    const to = `legado-${stamp}@teste.org.br`;
    await db.insert(emailOutbox).values({
      to,
      subject: "Aviso\r\nBcc: vitima@exemplo.org.br\r\n\r\ncorpo forjado",
      text: "Texto.",
      html: "<p>Texto.</p>",
      kind: "participants-message",
      dedupeKey: `legacy-subject:${stamp}`,
    });
    await startWorker().flush();
    const received = await sink.waitForMessage(to);
    const lines = headerLines(received.raw);
    expect(lines.filter((line) => /^Bcc:/i.test(line))).toEqual([]);
    expect(received.subject).toBe("Aviso Bcc: vitima@exemplo.org.br corpo forjado");
    expect(sink.messages.filter((message) => message.to.includes("vitima@"))).toEqual([]);
  });
});
