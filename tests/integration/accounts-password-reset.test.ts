import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RESET_MESSAGES } from "~/auth/password-messages";
import { requestPasswordReset, resetPassword, sendResetEmail } from "~/auth/password-reset.server";
import type { Database } from "~/db/client.server";
import { accounts, emailOutbox, rateLimits, sessions, verifications } from "~/db/schema";
import { insertCredentialUser } from "../helpers/accounts";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { waitFor } from "../helpers/wait";

/**
 * Issue 3, reset tokens (DESIGN.md 8: random, stored hashed, single-use, one hour) through the
 * domain functions on a real database (PGlite and PostgreSQL): the token is read from the outbox
 * e-mail, as the person would read it from their mailbox.
 */

const OLD_PASSWORD = "antiga2026senha";
let database: TestDatabase;
let db: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "conecta-reset-"));
  // The auth module reads its configuration on first use (Vitest's own BASE_URL is "/").
  vi.stubEnv("BASE_URL", "http://127.0.0.1:4999");
  vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("hex"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("NODE_ENV", "test");
  database = await testDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.dispose();
  vi.unstubAllEnvs();
  await rm(dataDir, { recursive: true, force: true });
});

async function createPerson(label: string): Promise<{ id: string; email: string }> {
  const email = `${label}.${Date.now()}@teste.org.br`;
  const id = await insertCredentialUser(db, {
    email,
    name: `Pessoa ${label}`,
    role: "USER",
    profile: "VOLUNTEER",
    passwordHash: await hashPassword(OLD_PASSWORD),
  });
  return { id, email };
}

async function resetEmails(to: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "password-reset")));
}

/** Asks for a reset as the forgot page does and reads the token from the queued e-mail. */
async function requestToken(email: string): Promise<string> {
  const before = (await resetEmails(email)).length;
  const answer = await requestPasswordReset(email, "10.0.0.1");
  expect(answer).toEqual({ ok: true, cooldownSeconds: 60, requested: true });
  const queued = await waitFor(async () => (await resetEmails(email))[before], {
    message: `the reset e-mail to ${email}`,
  });
  const token = queued.text.match(/\/auth\/resetar-senha\?token=([\w.-]+)/)?.[1];
  if (!token) throw new Error(`no link in: ${queued.text}`);
  return token;
}

async function passwordWorks(userId: string, password: string): Promise<boolean> {
  const [row] = await db.select().from(accounts).where(eq(accounts.userId, userId));
  return verifyPassword({ hash: row?.password ?? "", password });
}

describe("reset tokens", () => {
  it("an expired token is refused and changes nothing", async () => {
    const person = await createPerson("expirado");
    const token = await requestToken(person.email);
    // The link is valid for one hour; pretend that hour has passed.
    await db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(verifications.value, person.id));
    expect(await resetPassword(token, "nova2026senha")).toEqual({
      ok: false,
      message: RESET_MESSAGES.invalidToken,
    });
    expect(RESET_MESSAGES.invalidToken).toBe(
      "Este link de redefinição é inválido ou expirou. Peça um novo link.",
    );
    expect(await passwordWorks(person.id, OLD_PASSWORD)).toBe(true);
  });

  it("a token works once, ends every session of the account, and is stored only as a digest", async () => {
    const person = await createPerson("usado");
    await db.insert(sessions).values([
      {
        userId: person.id,
        token: randomBytes(16).toString("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
      {
        userId: person.id,
        token: randomBytes(16).toString("hex"),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    const token = await requestToken(person.email);
    const stored = await db.select().from(verifications).where(eq(verifications.value, person.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.identifier).not.toContain(token);
    // One hour, as DESIGN.md 8 says.
    const lifetime = (stored[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    expect(await resetPassword(token, "nova2026senha")).toEqual({ ok: true });
    expect(await passwordWorks(person.id, "nova2026senha")).toBe(true);
    expect(await passwordWorks(person.id, OLD_PASSWORD)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);

    expect(await resetPassword(token, "terceira2026senha")).toEqual({
      ok: false,
      message: RESET_MESSAGES.invalidToken,
    });
    expect(await passwordWorks(person.id, "nova2026senha")).toBe(true);
  });
});

describe("requestPasswordReset (the forgot page's server side)", () => {
  it("answers the same for an unknown e-mail and queues nothing", async () => {
    const unknown = `ninguem.${Date.now()}@teste.org.br`;
    expect(await requestPasswordReset(unknown, "10.0.0.2")).toEqual({
      ok: true,
      cooldownSeconds: 60,
      requested: true,
    });
    await sendResetEmail(unknown);
    expect(await resetEmails(unknown)).toEqual([]);
  });

  it("keeps the 60 s resend cooldown: a second request at once sends nothing", async () => {
    const person = await createPerson("espera");
    await requestToken(person.email);
    const again = await requestPasswordReset(person.email, "10.0.0.3");
    expect(again.ok && again.requested).toBe(false);
    expect(again.ok && again.cooldownSeconds).toBeGreaterThan(0);
    expect(again.ok && again.cooldownSeconds).toBeLessThanOrEqual(60);
    expect(await resetEmails(person.email)).toHaveLength(1);
  });

  it("per account, at most 3 e-mails an hour: the 4th request gets the same answer and no e-mail", async () => {
    const person = await createPerson("limite");
    for (let request = 1; request <= 3; request++) {
      await requestToken(person.email);
      // The minute between resends passes.
      await db.delete(rateLimits).where(like(rateLimits.key, `forgot:cooldown:${person.email}`));
    }
    expect(await requestPasswordReset(person.email, "10.0.0.4")).toEqual({
      ok: true,
      cooldownSeconds: 60,
      requested: true,
    });
    // Past the limit the e-mail is not even scheduled (decided before the answer returns).
    expect(await resetEmails(person.email)).toHaveLength(3);
  });
});
