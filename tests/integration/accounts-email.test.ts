import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { enqueueEmail, type QueuedEmail, retryDelaySeconds } from "~/email/outbox.server";
import { createTransport } from "~/email/transport.server";
import { startMailWorker } from "~/email/worker.server";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { readMailDir, type SmtpSink, startSmtpSink } from "../helpers/mail";

/**
 * Issue 3, e-mail delivery (docs/design.md 2, 8): the outbox is written in the transaction of the
 * action that causes the e-mail, deduplicated by key, and sent by the worker through a real SMTP
 * server on loopback, with retries and exponential back-off while the server is down, exactly
 * once, and after a restart. Runs on PGlite and on PostgreSQL.
 */

const FROM = "Conecta Voluntário <nao-responda@teste.org.br>";
let database: TestDatabase;
let db: Database;
let sink: SmtpSink;
const workers: ReturnType<typeof startMailWorker>[] = [];

beforeAll(async () => {
  [database, sink] = await Promise.all([testDatabase(), startSmtpSink()]);
  db = database.db;
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
});

afterAll(async () => {
  await sink?.close();
  await database?.dispose();
});

let counter = 0;
/** An e-mail with its own recipient and dedupe key. */
function email(overrides: Partial<QueuedEmail> = {}): QueuedEmail {
  counter += 1;
  return {
    to: `destino${counter}.${Date.now()}@teste.org.br`,
    subject: `Mensagem de teste nº ${counter} – acentuação`,
    text: `Olá!\n\nEsta é a mensagem ${counter}. Link: https://exemplo.org/auth/resetar-senha?token=abc${counter}\n`,
    html: `<p>Olá! Esta é a mensagem ${counter}.</p>`,
    // A transactional kind: the body arrives exactly as queued, without the opt-out footer.
    kind: "password-reset",
    sender: null,
    dedupeKey: `test:${counter}:${Date.now()}`,
    ...overrides,
  };
}

function worker(smtpUrl = sink.url) {
  const started = startMailWorker({
    from: FROM,
    send: createTransport({ smtpUrl, mailDir: "/nonexistent" }),
  });
  workers.push(started);
  return started;
}

async function outboxRow(dedupeKey: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey));
  return row;
}

/** Seconds from now until the row's next attempt, as the database sees it. */
async function secondsUntilNextAttempt(dedupeKey: string): Promise<number> {
  const result = await db.execute<{ seconds: number }>(
    sql`select extract(epoch from (next_attempt_at - now()))::float as seconds
        from email_outbox where dedupe_key = ${dedupeKey}`,
  );
  return Number(result.rows[0]?.seconds);
}

/** Time passes: the row's next attempt is due now. */
async function makeDue(dedupeKey: string): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(emailOutbox.dedupeKey, dedupeKey));
}

const delivered = (to: string) => sink.messages.filter((message) => message.to.includes(to));

describe("the outbox", () => {
  it("an e-mail queued in a transaction that rolls back is never sent", async () => {
    const message = email();
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, message);
        throw new Error("the action failed after queuing its e-mail");
      }),
    ).rejects.toThrow("the action failed");
    expect(await outboxRow(message.dedupeKey)).toBeUndefined();
    // A later e-mail goes out; the rolled-back one never does.
    const later = email();
    await enqueueEmail(db, later);
    await worker().flush();
    await sink.waitForMessage(later.to);
    expect(delivered(message.to)).toEqual([]);
  });

  it("the same dedupe key is queued once and sent once", async () => {
    const message = email();
    expect(await enqueueEmail(db, message)).toBe(true);
    expect(await enqueueEmail(db, { ...message, subject: "outra versão" })).toBe(false);
    const rows = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, message.dedupeKey));
    expect(rows).toHaveLength(1);
    await worker().flush();
    await sink.waitForMessage(message.to);
    expect(delivered(message.to)).toHaveLength(1);
  });

  it("the worker sends through SMTP (text and HTML, pt-BR) and marks the row sent", async () => {
    const message = email();
    await enqueueEmail(db, message);
    await worker().flush();
    const received = await sink.waitForMessage(message.to);
    expect(received.subject).toBe(message.subject);
    expect(received.text).toContain(`Esta é a mensagem`);
    expect(received.text).toContain("https://exemplo.org/auth/resetar-senha?token=abc");
    expect(received.html).toContain("<p>Olá!");
    expect(received.raw).toMatch(/^From: .*nao-responda@teste\.org\.br/m);
    const row = await outboxRow(message.dedupeKey);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toBeNull();
  });
});

describe("while the SMTP server is down", () => {
  it("retries with exponential back-off and delivers exactly once when it is back", async () => {
    const outage = await startSmtpSink({ messages: sink.messages });
    const port = outage.port;
    await outage.close();
    const message = email();
    await enqueueEmail(db, message);
    const mailer = worker(`smtp://127.0.0.1:${port}?ignoreTLS=true`);

    await mailer.flush();
    let row = await outboxRow(message.dedupeKey);
    expect(row?.attempts).toBe(1);
    expect(row?.sentAt).toBeNull();
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(retryDelaySeconds(1)).toBe(10);
    expect(await secondsUntilNextAttempt(message.dedupeKey)).toBeGreaterThan(8);
    expect(await secondsUntilNextAttempt(message.dedupeKey)).toBeLessThanOrEqual(10);
    // Not due yet: another pass leaves it alone.
    await mailer.flush();
    expect((await outboxRow(message.dedupeKey))?.attempts).toBe(1);

    await makeDue(message.dedupeKey);
    await mailer.flush();
    row = await outboxRow(message.dedupeKey);
    expect(row?.attempts).toBe(2);
    // The delay doubles: 10 s, 20 s, 40 s ... (capped at one hour).
    expect(await secondsUntilNextAttempt(message.dedupeKey)).toBeGreaterThan(18);
    expect(await secondsUntilNextAttempt(message.dedupeKey)).toBeLessThanOrEqual(20);
    expect([3, 4, 20].map(retryDelaySeconds)).toEqual([40, 80, 3600]);

    // The server is back (same port).
    const recovered = await startSmtpSink({ port, messages: sink.messages });
    try {
      await makeDue(message.dedupeKey);
      await mailer.flush();
      await sink.waitForMessage(message.to);
      row = await outboxRow(message.dedupeKey);
      expect(row?.attempts).toBe(3);
      expect(row?.sentAt).toBeInstanceOf(Date);
      // Later passes (and a later due time) never send it again.
      await makeDue(message.dedupeKey);
      await mailer.flush();
      await mailer.flush();
      expect(delivered(message.to)).toHaveLength(1);
    } finally {
      await recovered.close();
    }
  });
});

describe("after a restart", () => {
  it("mail left unsent in the table is sent by a fresh worker", async () => {
    const message = email();
    // Queued while no worker runs (the process stopped before sending).
    await enqueueEmail(db, message);
    db = await database.reopen();
    expect((await outboxRow(message.dedupeKey))?.sentAt).toBeNull();
    await worker().flush();
    await sink.waitForMessage(message.to);
    expect((await outboxRow(message.dedupeKey))?.sentAt).toBeInstanceOf(Date);
  });

  it("without SMTP_URL the message becomes an .eml file (quoted-printable) in DATA_DIR/mail", async () => {
    const mailDir = await mkdtemp(path.join(tmpdir(), "conecta-mail-"));
    try {
      const message = email();
      await enqueueEmail(db, message);
      const files = startMailWorker({ from: FROM, send: createTransport({ mailDir }) });
      workers.push(files);
      await files.flush();
      const [saved] = (await readMailDir(mailDir)).filter((eml) => eml.to.includes(message.to));
      expect(saved?.subject).toBe(message.subject);
      expect(saved?.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
      expect(saved?.text).toContain("Esta é a mensagem");
    } finally {
      await rm(mailDir, { recursive: true, force: true });
    }
  });
});
