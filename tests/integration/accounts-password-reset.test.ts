import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth, hashResetIdentifier } from "~/auth/auth.server";
import { changePassword } from "~/auth/change-password.server";
import { CHANGE_PASSWORD_MESSAGES, RESET_MESSAGES } from "~/auth/password-messages";
import { requestPasswordReset, resetPassword, sendResetEmail } from "~/auth/password-reset.server";
import type { Database } from "~/db/client.server";
import { accounts, emailOutbox, rateLimits, sessions, verifications } from "~/db/schema";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { insertCredentialUser } from "../helpers/accounts";
import { authDatabaseForFile } from "../helpers/auth-database";
import type { TestDatabase } from "../helpers/database";
import { waitFor } from "../helpers/wait";

/**
 * Issue 3, reset tokens (docs/design.md 8: random, stored hashed, single-use, one hour) through the
 * domain functions on a real database (PGlite and PostgreSQL): the token is read from the outbox
 * e-mail, as the person would read it from their mailbox. Issue 11: every outstanding link of an
 * account dies with any password change and with a newer request (ADR 0014).
 */

const OLD_PASSWORD = "antiga2026senha";
const file = authDatabaseForFile("reset");
let database: TestDatabase;
let db: Database;

beforeAll(() => {
  database = file.current;
  db = database.db;
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
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, "password-reset")))
    .orderBy(emailOutbox.id);
}

/** Asks for a reset as the forgot page does and reads the token from the queued e-mail. */
async function requestToken(email: string): Promise<string> {
  const before = (await resetEmails(email)).length;
  const answer = await requestPasswordReset(email, "10.0.0.1");
  expect(answer).toEqual({ cooldownSeconds: 60, requested: true });
  const queued = await waitFor(async () => (await resetEmails(email))[before], {
    message: `the reset e-mail to ${email}`,
  });
  return tokenIn(queued.text);
}

function tokenIn(text: string): string {
  const token = text.match(/\/auth\/resetar-senha\?token=([\w.-]+)/)?.[1];
  if (!token) throw new Error(`no link in: ${text}`);
  return token;
}

/** A session of the account, as the Cookie header of a browser that signed in. */
async function signedInHeaders(email: string, password: string): Promise<Headers> {
  const { headers } = await auth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return new Headers({ cookie });
}

/** Changes the password on /app/atualizar-senha's server side, signed in with the old one. */
async function changeFromSession(person: { id: string; email: string }, currentPassword: string) {
  return changePassword({
    userId: person.id,
    headers: await signedInHeaders(person.email, OLD_PASSWORD),
    currentPassword,
    newPassword: "trocada2026senha",
  });
}

/** The token no longer resets anything. */
async function expectDead(token: string): Promise<void> {
  await expect(resetPassword(token, "invasora2026senha")).rejects.toMatchObject({
    code: "invalid",
    message: RESET_MESSAGES.invalidToken,
  });
}

/** Resolves once `statement` is blocked on a lock in PostgreSQL (or has already finished). */
async function secondWaitsOnLock(statement: Promise<unknown>): Promise<void> {
  let settled = false;
  void statement.then(() => {
    settled = true;
  });
  await waitFor(
    async () => {
      if (settled) return true;
      const waiting = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
      );
      return Number(waiting.rows[0]?.n) > 0;
    },
    { message: "the second insert waiting on the first" },
  );
}

async function resetRows(userId: string) {
  return db.select().from(verifications).where(eq(verifications.value, userId));
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
    await expect(resetPassword(token, "nova2026senha")).rejects.toMatchObject({
      code: "invalid",
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
    // One hour, as docs/design.md 8 says.
    const lifetime = (stored[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);

    await expect(resetPassword(token, "nova2026senha")).resolves.toBeUndefined();
    expect(await passwordWorks(person.id, "nova2026senha")).toBe(true);
    expect(await passwordWorks(person.id, OLD_PASSWORD)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, person.id))).toEqual([]);

    await expect(resetPassword(token, "terceira2026senha")).rejects.toMatchObject({
      code: "invalid",
      message: RESET_MESSAGES.invalidToken,
    });
    expect(await passwordWorks(person.id, "nova2026senha")).toBe(true);
  });
});

describe("outstanding reset links die (issue 11)", () => {
  it("reset link dead after a password change on /app/atualizar-senha", async () => {
    const person = await createPerson("troca");
    const token = await requestToken(person.email);
    expect((await changeFromSession(person, OLD_PASSWORD)).setCookies.length).toBeGreaterThan(0);
    expect(await resetRows(person.id)).toEqual([]);
    await expectDead(token);
    expect(await passwordWorks(person.id, "trocada2026senha")).toBe(true);
  });

  it("reset link dead after the password is written by anything else (a script, SQL)", async () => {
    const person = await createPerson("script");
    const token = await requestToken(person.email);
    await db
      .update(accounts)
      .set({ password: await hashPassword("escrita2026senha") })
      .where(eq(accounts.userId, person.id));
    await expectDead(token);
    expect(await passwordWorks(person.id, "escrita2026senha")).toBe(true);
  });

  it("a wrong current password changes nothing and leaves the link alive", async () => {
    const person = await createPerson("errou");
    const token = await requestToken(person.email);
    await expect(changeFromSession(person, "naoEhEssa2026")).rejects.toMatchObject({
      code: "invalid",
      message: CHANGE_PASSWORD_MESSAGES.wrongCurrent,
    });
    expect(await resetRows(person.id)).toHaveLength(1);
    await expect(resetPassword(token, "valida2026senha")).resolves.toBeUndefined();
  });

  it("older reset link dead after a newer reset (the forgot page, then the admin's “Resetar senha”)", async () => {
    const person = await createPerson("nova");
    const first = await requestToken(person.email);
    // The minute between resends passes.
    await db.delete(rateLimits).where(eq(rateLimits.key, `forgot:cooldown:${person.email}`));
    const second = await requestToken(person.email);
    expect(second).not.toBe(first);
    expect(await resetRows(person.id)).toHaveLength(1);
    await expectDead(first);

    // The admin's "Resetar senha" sends the same kind of link, which replaces this one too.
    const before = (await resetEmails(person.email)).length;
    await sendResetEmail(person.email);
    const adminMail = await waitFor(async () => (await resetEmails(person.email))[before], {
      message: "the admin's reset e-mail",
    });
    const third = tokenIn(adminMail.text);
    await expectDead(second);
    await expect(resetPassword(third, "terceira2026senha")).resolves.toBeUndefined();
    expect(await passwordWorks(person.id, "terceira2026senha")).toBe(true);
  });

  it("two requests at the same moment leave one live link", async () => {
    const person = await createPerson("dupla");
    await Promise.all([sendResetEmail(person.email), sendResetEmail(person.email)]);
    expect(await resetRows(person.id)).toHaveLength(1);
  });

  it("a request made while another is still uncommitted removes it once it commits", async () => {
    const person = await createPerson("corrida");
    const row = (label: string) => ({
      identifier: `reset-password:${label}-${randomBytes(8).toString("hex")}`,
      value: person.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    let inserted = () => {};
    const firstInserted = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let commit = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      commit = resolve;
    });
    // The first request's row is written, and its transaction stays open ...
    const first = db.transaction(async (tx) => {
      await tx.insert(verifications).values(row("primeiro"));
      inserted();
      await mayCommit;
    });
    await firstInserted;
    // ... while the second is written. Without the trigger's lock it would not see the first
    // (uncommitted) row and both links would live.
    const second = db.insert(verifications).values(row("segundo"));
    if (database.kind === "postgres") await secondWaitsOnLock(second);
    commit();
    await Promise.all([first, second]);
    const rows = await resetRows(person.id);
    expect(rows.map((stored) => stored.identifier.replace(/-[0-9a-f]+$/, ""))).toEqual([
      "reset-password:segundo",
    ]);
  });

  it("a reset link is stored as its kind and a digest, never the token", async () => {
    const person = await createPerson("digest");
    const token = await requestToken(person.email);
    const [row] = await resetRows(person.id);
    expect(row?.identifier).toBe(await hashResetIdentifier(`reset-password:${token}`));
    expect(row?.identifier).toMatch(/^reset-password:[\w-]{43}$/);
    expect(row?.identifier).not.toContain(token);
  });

  it("a successful reset lifts the sign-in lockout of the account", async () => {
    const person = await createPerson("bloqueio");
    const key = `sign-in:account:${person.email}`;
    await db.insert(rateLimits).values({
      key,
      count: RATE_LIMITS.signInFailuresPerAccount.limit,
      windowStartedAt: new Date(),
    });
    const token = await requestToken(person.email);
    await expect(resetPassword(token, "liberada2026senha")).resolves.toBeUndefined();
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key))).toEqual([]);
  });
});

describe("requestPasswordReset (the forgot page's server side)", () => {
  it("answers the same for an unknown e-mail and queues nothing", async () => {
    const unknown = `ninguem.${Date.now()}@teste.org.br`;
    expect(await requestPasswordReset(unknown, "10.0.0.2")).toEqual({
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
    expect(again.requested).toBe(false);
    expect(again.cooldownSeconds).toBeGreaterThan(0);
    expect(again.cooldownSeconds).toBeLessThanOrEqual(60);
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
      cooldownSeconds: 60,
      requested: true,
    });
    // Past the limit the e-mail is not even scheduled (decided before the answer returns).
    expect(await resetEmails(person.email)).toHaveLength(3);
  });
});
