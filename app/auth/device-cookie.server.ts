import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieAttributes } from "~/config/cookie-attributes.server";
import { env } from "~/config/env.server";

/**
 * Device cookies (OWASP Forgot Password / Authentication cheat sheets; ADR 0013). After a
 * successful sign-in the browser gets a signed proof "this device has signed in to that account
 * before". Wrong passwords from such a device are counted per device, so an attacker who spends
 * the account's budget from elsewhere does not lock the owner's own devices out.
 *
 * One HttpOnly cookie holds up to MAX_ENTRIES entries, newest first, so a computer shared by a
 * family or a school keeps a few people trusted. It is sent only to the sign-in doors' paths
 * (/auth and /admin, which cover their `.data` posts too), never to the public pages: those stay
 * cookie-less for the public page cache (ADR 0008), and the cookie travels no further than needed. An entry is `nonce.issuedAt.signature`, the
 * signature an HMAC (key from SESSION_SECRET) over the e-mail, the nonce and the time: the cookie
 * names no account, and only someone who types the right e-mail can match an entry to it.
 */

const COOKIE = "conecta.device";
/** The paths of /auth/login and /admin/login (a cookie has one path: the same value on each). */
const PATHS = ["/auth", "/admin"];
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;
const MAX_ENTRIES = 8;
const ENTRY = /^([\w-]{22})\.([0-9a-z]{1,10})\.([\w-]{43})$/;

interface Entry {
  nonce: string;
  issuedAt: number;
  signature: string;
  raw: string;
}

function signature(email: string, nonce: string, issuedAt: number): string {
  // A key of its own, derived from the session secret, so this HMAC never signs anything else.
  const key = createHmac("sha256", env().SESSION_SECRET)
    .update("conecta device cookie v1")
    .digest();
  return createHmac("sha256", key).update(`${email}\n${nonce}\n${issuedAt}`).digest("base64url");
}

function readEntries(cookieHeader: string | null): Entry[] {
  const value = cookieHeader
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!value) return [];
  const now = Math.floor(Date.now() / 1000);
  return value
    .split("~")
    .slice(0, MAX_ENTRIES)
    .flatMap((raw) => {
      const match = ENTRY.exec(raw);
      if (!match) return [];
      const [, nonce = "", time = "", signed = ""] = match;
      const issuedAt = Number.parseInt(time, 36);
      // A little slack for instances whose clocks differ by a few seconds.
      if (!(issuedAt <= now + 300 && now - issuedAt < LIFETIME_SECONDS)) return [];
      return [{ nonce, issuedAt, signature: signed, raw }];
    });
}

function belongsTo(entry: Entry, email: string): boolean {
  const expected = Buffer.from(signature(email, entry.nonce, entry.issuedAt));
  const given = Buffer.from(entry.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The nonce of this browser's device cookie for `email` (lower-case, as the login form sends
 * it), or null when the browser has none, or only forged or expired ones.
 */
export function trustedDeviceNonce(cookieHeader: string | null, email: string): string | null {
  return readEntries(cookieHeader).find((entry) => belongsTo(entry, email))?.nonce ?? null;
}

/**
 * The Set-Cookie headers after a successful sign-in to `email`: a fresh entry for it (new nonce,
 * so its failure counter starts from nothing) ahead of the browser's other valid entries.
 */
export function deviceCookieAfterSignIn(cookieHeader: string | null, email: string): string[] {
  const nonce = randomBytes(16).toString("base64url");
  const issuedAt = Math.floor(Date.now() / 1000);
  const fresh = `${nonce}.${issuedAt.toString(36)}.${signature(email, nonce, issuedAt)}`;
  const others = readEntries(cookieHeader)
    .filter((entry) => !belongsTo(entry, email))
    .map((entry) => entry.raw);
  const value = [fresh, ...others].slice(0, MAX_ENTRIES).join("~");
  return PATHS.map(
    (path) => `${COOKIE}=${value}; ${cookieAttributes(path)}; Max-Age=${LIFETIME_SECONDS}`,
  );
}
