import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, type Database, openDatabase } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { HttpClient, type SeededAccount } from "../helpers/accounts";
import { fixtureDatabase, PRODUCTION_ENV } from "../helpers/fault-database";
import { startFixtureServer } from "../helpers/fixture-server";
import { type SmtpSink, startSmtpSink } from "../helpers/mail";
import { logServerOnFailure, signedInClient } from "../helpers/members";
import { postgresTestUrl } from "../helpers/postgres";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 7, item 5: the SMTP server is down while a volunteer applies and an admin approves an
 * institution and an event. Every action succeeds for the person (the e-mail waits in the
 * outbox, in the same transaction); the worker's attempts fail and are kept; when the SMTP
 * server comes back on its port, each e-mail arrives exactly once. The SMTP server is a real one
 * on loopback (tests/helpers/mail.ts). On PostgreSQL when TEST_DATABASE_URL is set, else on the
 * embedded database.
 */

type Key = "volunteer" | "approved" | "pending" | "admin";
const ACCOUNTS = {
  volunteer: { kind: "volunteer", name: "Vera Persistente" },
  approved: { kind: "institution", status: "APPROVED", name: "Casa Aberta" },
  pending: { kind: "institution", status: "PENDING", name: "Instituto Novo" },
  admin: { kind: "admin" },
} as const;
const EVENTS = [
  { key: "event", institution: "approved", name: "Mutirão da Praça", status: "PENDING" },
] as const;

const onPostgres = Boolean(postgresTestUrl());
let server: RunningServer & { accounts: Record<Key, SeededAccount>; ids: Record<string, string> };
let smtpPort: number;
let sink: SmtpSink | undefined;
/** Stops the server (its mail worker finishes) and opens its database in this process. */
let stopAndOpenDatabase: () => Promise<Database>;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  // A sink started and closed: its port now refuses connections, like a mail server that is down.
  const probe = await startSmtpSink();
  smtpPort = probe.port;
  await probe.close();
  const env = { SMTP_URL: probe.url };
  if (onPostgres) {
    const database = await fixtureDatabase({ accounts: ACCOUNTS, events: [...EVENTS] });
    cleanups.push(database.drop);
    const running = await startServer({
      env: { ...PRODUCTION_ENV, DATABASE_URL: database.url, ...env },
    });
    cleanups.push(running.stop);
    server = { ...running, accounts: database.accounts, ids: database.ids };
    stopAndOpenDatabase = async () => {
      await running.stop();
      return openDatabase({ url: database.url });
    };
  } else {
    const members = await startFixtureServer({ accounts: ACCOUNTS, events: [...EVENTS], env });
    cleanups.push(members.stop);
    server = members;
    stopAndOpenDatabase = members.stopAndOpenDatabase;
  }
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await closeDatabase();
  await sink?.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe(`SMTP down during applications and approvals (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("every e-mail is delivered exactly once after the SMTP server returns", async () => {
    const { volunteer, approved, pending, admin } = server.accounts;

    const volunteerClient = await signedInClient(server, volunteer);
    const apply = await volunteerClient.post(`/app/seja-voluntario?id=${approved.id}`, {
      replyEmail: volunteer.email,
      phone: "(21) 98765-4321",
      summary: "Posso ajudar mesmo com o e-mail fora do ar.",
    });
    expect(apply.status).toBe(302);

    const adminClient = new HttpClient(server.url);
    expect((await adminClient.signIn(admin, "/admin/login")).status).toBe(302);
    for (const [intent, id] of [
      ["aprovar-instituicao", pending.id],
      ["aprovar-evento", server.ids.event ?? ""],
    ]) {
      const response = await adminClient.post("/admin/dashboard", {
        intent: `${intent}`,
        id: `${id}`,
      });
      expect(response.status, intent).toBe(302);
      expect(response.headers.get("location")).toContain("resultado=aprovado");
    }

    // The worker tried each e-mail and failed: SMTP is down.
    await waitFor(
      () =>
        server
          .logEntries()
          .filter((entry) => entry.msg === "mail sending failed" && entry.attempt === 1).length >=
        4,
      {
        timeoutMs: 20_000,
        message: "four failed first attempts in the server log",
      },
    );

    sink = await startSmtpSink({ port: smtpPort });
    const expected = [
      { to: contactOf(approved), subject: `Nova candidatura de voluntariado: ${volunteer.name}` },
      // The volunteer's receipt (issue 13), queued with the application.
      { to: volunteer.email, subject: `Candidatura enviada: ${approved.name}` },
      { to: pending.email, subject: `Cadastro aprovado: ${pending.name}` },
      { to: approved.email, subject: "Evento aprovado: Mutirão da Praça" },
    ];
    // The first retry comes 10 s after a failure (back-off), plus one poll of the worker.
    await waitFor(
      () =>
        expected.every(({ to, subject }) =>
          sink?.messages.some((message) => message.to.includes(to) && message.subject === subject),
        ),
      { timeoutMs: 45_000, message: "the four e-mails after SMTP came back" },
    );

    // Stop the server (its worker finishes), then count: nothing was sent twice, nothing is left.
    const db = await stopAndOpenDatabase();
    const received = sink.messages.map((message) => ({
      to: message.to,
      subject: message.subject,
    }));
    expect(received).toHaveLength(expected.length);
    for (const { to, subject } of expected) {
      expect(
        received.filter((message) => message.to.includes(to) && message.subject === subject),
        subject,
      ).toHaveLength(1);
    }
    const outbox = await db
      .select({ sentAt: emailOutbox.sentAt, attempts: emailOutbox.attempts })
      .from(emailOutbox);
    expect(outbox).toHaveLength(expected.length);
    for (const row of outbox) {
      expect(row.sentAt).not.toBeNull();
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    }
  }, 120_000);
});

/** The contact address the fixture gives an institution (tests/helpers/accounts.ts). */
function contactOf(account: SeededAccount): string {
  return `contato.${account.email}`.slice(0, 50);
}
