import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { SESSION_LIFETIME_SECONDS, SESSION_REFRESH_AGE_SECONDS } from "~/config/constants";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { institutions, sessions, users, volunteers } from "~/db/schema";
import { AUTH_COOKIE_PREFIX } from "./auth-cookies";
import { profileColumns, rememberProfileSummary, summaryFrom } from "./profile-summary.server";
import { type SessionUser, toSessionUser } from "./session-user";

/**
 * The signed-in person of a request whose session better-auth would answer without writing
 * anything (ADR 0055): a validly signed token, a session in the database that has not expired
 * and is not yet due for its sliding refresh, and none of the cookies that change better-auth's
 * answer. Then it is one prepared read, where better-auth's getSession (its endpoint context, its
 * query builder, WebCrypto) cost about a tenth of a member's page. The same statement reads what
 * the header shows of the person (their photo), which the page would otherwise ask for next.
 *
 * `undefined` means "ask better-auth": no token, a bad signature, no such session, an expired
 * one, one to refresh, or a cookie this reader does not handle. better-auth stays the one that
 * creates, refreshes, expires and revokes sessions, and sets and clears their cookies; this reads
 * the same row it would, on every request, so a sign-out or a revoked session ends at once.
 */
export async function freshSessionUser(
  cookieHeader: string | null,
  now = Date.now(),
): Promise<SessionUser | undefined> {
  if (!cookieHeader) return undefined;
  const names = cookieNames();
  const cookies = parseCookies(cookieHeader);
  // better-auth clears a stale cookie cache and skips the refresh when told not to remember.
  for (const name of cookies.keys()) {
    if (name.startsWith(names.sessionData) || name === names.dontRemember) return undefined;
  }
  const token = verifiedToken(cookies.get(names.sessionToken));
  if (!token) return undefined;
  // better-auth refreshes a session once `updateAge` has passed since its expiry was last pushed
  // a lifetime ahead, that is once it expires before this instant; later ones have not expired.
  const refreshDueBefore = new Date(
    now + (SESSION_LIFETIME_SECONDS - SESSION_REFRESH_AGE_SECONDS) * 1000,
  );
  const [row] = await sessionByToken().execute({ token, refreshDueBefore });
  if (!row) return undefined;
  const user = toSessionUser(row);
  // The header's photo comes in the same statement: one round trip less for every page.
  rememberProfileSummary(user, summaryFrom(user, row));
  return user;
}

const sessionByToken = preparedQuery("session_user_by_token", () =>
  db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      profile: users.profile,
      ...profileColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(volunteers, eq(volunteers.userId, users.id))
    .leftJoin(institutions, eq(institutions.userId, users.id))
    .where(
      and(
        eq(sessions.token, sql.placeholder("token")),
        gt(sessions.expiresAt, sql.placeholder("refreshDueBefore")),
      ),
    )
    .limit(1),
);

/** better-auth's cookie names for this deployment (`__Secure-` in front behind HTTPS). */
function cookieNames() {
  const prefix = `${env().isHttps ? "__Secure-" : ""}${AUTH_COOKIE_PREFIX}.`;
  return {
    sessionToken: `${prefix}session_token`,
    sessionData: `${prefix}session_data`,
    dontRemember: `${prefix}dont_remember`,
  };
}

/**
 * The token of a signed cookie value `token.signature`, the signature being the base64
 * HMAC-SHA256 of the token under the session secret, as better-auth (better-call) signs it.
 */
function verifiedToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", env().SESSION_SECRET).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    return undefined;
  }
  return token;
}

/**
 * Cookie name -> value as better-call reads them for better-auth: the first of a repeated name
 * wins, surrounding quotes go, and a value that does not URL-decode is kept as it came.
 */
function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const equals = part.indexOf("=");
    if (equals < 0) continue;
    const name = part.slice(0, equals).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(equals + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // kept as it came: its signature will not match
    }
    cookies.set(name, value);
  }
  return cookies;
}
