import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth } from "~/auth/auth.server";
import { createVolunteerAccount } from "~/auth/create-account.server";
import { profileSummary } from "~/auth/profile-summary.server";
import { freshSessionUser } from "~/auth/session-lookup.server";
import { toSessionUser } from "~/auth/session-user";
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from "~/config/constants";
import type { Database } from "~/db/client.server";
import { accounts, sessions } from "~/db/schema";
import { processImageUpload } from "~/images/pipeline.server";
import { insertCredentialUser, SESSION_COOKIE, uniqueEmail } from "../helpers/accounts";
import { insertInstitution } from "../helpers/admin-fixtures";
import { authDatabaseForFile } from "../helpers/auth-database";
import { makeJpeg } from "../helpers/images";

/**
 * ADR 0055: the session middleware reads a session that needs no write with one prepared query
 * and leaves every other case to better-auth. On a real database (PGlite and PostgreSQL), against
 * better-auth's own answer for the same cookies: the reader says who is signed in exactly when
 * better-auth would say so without writing, and "ask better-auth" (undefined) otherwise.
 */

const PASSWORD = "sessaoRapida2026";
const file = authDatabaseForFile("session");
let db: Database;

beforeAll(() => {
  db = file.current.db;
});

/** A new volunteer (no profile rows) signed in through better-auth: the browser's Cookie header. */
async function signedIn(): Promise<{ userId: string; cookie: string; token: string }> {
  const email = uniqueEmail("sessao");
  const userId = await insertCredentialUser(db, {
    email,
    name: "Pessoa da Sessão",
    role: "USER",
    profile: "VOLUNTEER",
    passwordHash: await hashPassword(PASSWORD),
  });
  return { userId, ...(await signIn(email)) };
}

async function signIn(email: string): Promise<{ cookie: string; token: string }> {
  const { headers, response } = await auth().api.signInEmail({
    body: { email, password: PASSWORD },
    returnHeaders: true,
  });
  const cookie = headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { cookie, token: response.token };
}

async function betterAuthUser(cookie: string) {
  const session = await auth().api.getSession({ headers: new Headers({ cookie }) });
  return session ? toSessionUser(session.user) : null;
}

function tokenCookie(cookie: string): string {
  const pair = cookie.split("; ").find((part) => part.startsWith(`${SESSION_COOKIE}=`));
  if (!pair) throw new Error(`no session cookie in ${cookie}`);
  return pair;
}

describe("freshSessionUser", () => {
  it("answers who is signed in, as better-auth does, for a session just made", async () => {
    const { userId, cookie } = await signedIn();
    const fresh = await freshSessionUser(cookie);
    expect(fresh).toEqual({
      id: userId,
      name: "Pessoa da Sessão",
      email: expect.stringContaining("sessao"),
      role: "USER",
      profile: "VOLUNTEER",
    });
    expect(fresh).toEqual(await betterAuthUser(cookie));
  });

  it("leaves to better-auth a session due for its sliding refresh, and reads it again once refreshed", async () => {
    const { token, cookie } = await signedIn();
    const justRefreshed = Date.now();
    // Just inside the refresh age: still fresh.
    const almostDue = justRefreshed + (SESSION_REFRESH_AGE_SECONDS - 5) * 1000;
    expect(await freshSessionUser(cookie, almostDue)).toBeDefined();
    // Past it, better-auth would push the expiry ahead (a write): the reader steps aside.
    const due = justRefreshed + (SESSION_REFRESH_AGE_SECONDS + 5) * 1000;
    expect(await freshSessionUser(cookie, due)).toBeUndefined();

    // The same in the database's terms: a session last refreshed ten minutes ago...
    const tenMinutesAgo = sql`now() + make_interval(secs => ${SESSION_LIFETIME_SECONDS - 600})`;
    await db.update(sessions).set({ expiresAt: tenMinutesAgo }).where(eq(sessions.token, token));
    expect(await freshSessionUser(cookie)).toBeUndefined();
    // ...which better-auth refreshes (and still answers), after which the reader has it again.
    const before = await sessionExpiry(token);
    expect(await betterAuthUser(cookie)).not.toBeNull();
    expect((await sessionExpiry(token)).getTime()).toBeGreaterThan(before.getTime());
    expect(await freshSessionUser(cookie)).toEqual(await betterAuthUser(cookie));
  });

  it("does not answer for an expired, signed-out or unknown session", async () => {
    const expired = await signedIn();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.token, expired.token));
    expect(await freshSessionUser(expired.cookie)).toBeUndefined();
    expect(await betterAuthUser(expired.cookie)).toBeNull();

    const signedOut = await signedIn();
    await auth().api.signOut({ headers: new Headers({ cookie: signedOut.cookie }) });
    expect(await freshSessionUser(signedOut.cookie)).toBeUndefined();
    expect(await betterAuthUser(signedOut.cookie)).toBeNull();

    expect(await freshSessionUser(null)).toBeUndefined();
    expect(await freshSessionUser("")).toBeUndefined();
    expect(await freshSessionUser("conecta.flash=ola")).toBeUndefined();
  });

  it("refuses a token whose signature does not match, however the cookie is dressed", async () => {
    const { cookie, token } = await signedIn();
    const pair = tokenCookie(cookie);
    const value = decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1));
    const signature = value.slice(value.lastIndexOf(".") + 1);
    const otherCookie = (await signedIn()).cookie;
    const forged = [
      `${SESSION_COOKIE}=${token}`,
      `${SESSION_COOKIE}=${token}.`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}x.${signature}`)}`,
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature.slice(0, 20)}`)}`,
      `${SESSION_COOKIE}=%E0%A4%A.${signature}`,
      // Another session's valid signature does not sign this token.
      `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${decodeURIComponent(tokenCookie(otherCookie)).split(".").pop()}`)}`,
    ];
    for (const header of forged) {
      expect(await freshSessionUser(header), header).toBeUndefined();
      expect(await betterAuthUser(header), header).toBeNull();
    }
    // Quoted, as some clients send it: better-call strips the quotes, so does the reader.
    const quoted = `${SESSION_COOKIE}="${pair.slice(SESSION_COOKIE.length + 1)}"`;
    expect(await freshSessionUser(quoted)).toEqual(await betterAuthUser(quoted));
    // The first of two cookies of the same name is the one read, by both.
    const twice = `${pair}; ${SESSION_COOKIE}=${token}.bad`;
    expect(await freshSessionUser(twice)).toEqual(await betterAuthUser(twice));
    expect(await freshSessionUser(twice)).toBeDefined();
  });

  it("brings the header's summary in the same read, as the summary's own lookup finds it", async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const volunteerEmail = uniqueEmail("foto");
    await createVolunteerAccount({
      credentials: { email: volunteerEmail, phone: "5511987654321", passwordHash },
      name: "Pessoa com Foto",
      resume: "Gosto de ajudar nas ações do bairro.",
      uf: "SP",
      city: "São Paulo",
      photo: await processImageUpload(new Blob([new Uint8Array(await makeJpeg())]), "profile"),
    });
    const institutionEmail = uniqueEmail("ong");
    const institutionId = await insertInstitution(db, {
      name: "ONG do Bairro",
      email: institutionEmail,
      userName: "Responsável da ONG",
      status: "APPROVED",
    });
    await db.insert(accounts).values({
      userId: institutionId,
      accountId: institutionId,
      providerId: "credential",
      password: passwordHash,
    });
    const adminEmail = uniqueEmail("admin");
    await insertCredentialUser(db, {
      email: adminEmail,
      name: "Pessoa Admin",
      role: "ADMIN",
      profile: "ADMIN",
      passwordHash,
    });

    const summaries = [];
    for (const email of [volunteerEmail, institutionEmail, adminEmail]) {
      const user = await freshSessionUser((await signIn(email)).cookie);
      if (!user) throw new Error(`no session for ${email}`);
      const brought = await profileSummary(user);
      // A copy of the person is another request's: its summary is looked up on its own.
      expect(brought, email).toEqual(await profileSummary({ ...user }));
      summaries.push(brought);
    }
    const [volunteer, institution, admin] = summaries;
    expect(volunteer?.photoUrl).toMatch(/^\/imagens\//);
    expect(institution).toMatchObject({ name: "ONG do Bairro", institutionStatus: "APPROVED" });
    expect(institution?.photoUrl).toBeNull();
    expect(admin).toMatchObject({ name: "Pessoa Admin", photoUrl: null, institutionStatus: null });
  });

  it("steps aside when a cookie changes better-auth's answer (cookie cache, don't remember)", async () => {
    const { cookie } = await signedIn();
    for (const extra of [
      "conecta.session_data=x",
      "conecta.session_data.0=x",
      "conecta.dont_remember=x",
    ]) {
      expect(await freshSessionUser(`${cookie}; ${extra}`), extra).toBeUndefined();
    }
  });
});

async function sessionExpiry(token: string): Promise<Date> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.token, token));
  if (!row) throw new Error("no session");
  return row.expiresAt;
}
