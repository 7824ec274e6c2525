import { createHash } from "node:crypto";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { betterAuth } from "better-auth/minimal";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_AGE_SECONDS,
} from "~/config/constants";
import { env } from "~/config/env.server";
import { type Database, db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { passwordResetEmail } from "~/email/templates.server";
import { AUTH_COOKIE_PREFIX } from "./auth-cookies";
import { clearSignInLockout } from "./password-limits.server";
import { startSessionPlugin } from "./start-session-plugin.server";

/** better-auth names a reset row `reset-password:<token>` (api/routes/password.mjs). */
const RESET_IDENTIFIER_PREFIX = "reset-password:";

/**
 * The stored identifier of a reset row: the kind, then the SHA-256 of the whole identifier in
 * base64url, the same digest better-auth's "hashed" option stores.
 */
export async function hashResetIdentifier(identifier: string): Promise<string> {
  return `${RESET_IDENTIFIER_PREFIX}${createHash("sha256").update(identifier).digest("base64url")}`;
}

/**
 * better-auth on our own tables (users, sessions, accounts, verifications). Routes call its
 * server API (`auth.api.*`) from loaders and actions, so every flow works as a plain form post;
 * its HTTP handler is not mounted. Sessions live in the database (HttpOnly, SameSite=Lax cookie,
 * Secure behind HTTPS), last one hour and slide while the person keeps using the site.
 */
function createAuth(database: Database) {
  const config = env();
  return betterAuth({
    appName: config.APP_NAME,
    baseURL: config.BASE_URL,
    secret: config.SESSION_SECRET,
    trustedOrigins: [config.BASE_URL],
    database: drizzleAdapter(database, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
      },
    }),
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "USER" },
        profile: { type: "string", input: false },
        phone: { type: "string", input: false, required: false },
      },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_AGE_SECONDS,
    },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by our sign-up wizard (one transaction with the profile rows).
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // Proving the e-mail ends the lockout that other clients' wrong passwords put on it.
      onPasswordReset: async ({ user }) => clearSignInLockout(user.email),
      sendResetPassword: async ({ user, token }) => {
        const url = new URL("/auth/resetar-senha", config.BASE_URL);
        url.searchParams.set("token", token);
        await enqueueEmail(db(), {
          to: user.email,
          kind: "password-reset",
          sender: null,
          // The token itself never reaches the outbox's key, only a digest of it.
          dedupeKey: `password-reset:${createHash("sha256").update(token).digest("hex")}`,
          ...passwordResetEmail({ name: user.name, url: url.toString() }),
        });
      },
    },
    // Reset tokens are kept as SHA-256 digests: a database leak does not hand out live links.
    // Reset rows keep their kind in clear ("reset-password:<digest>"), so the database can find
    // an account's outstanding links and drop them at any password change or newer request
    // (migration 0006's triggers; the row's value is the account's user id).
    verification: {
      storeIdentifier: {
        default: "hashed",
        overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashResetIdentifier } },
      },
    },
    // Our own limits (app/security/rate-limit.server.ts) are shared by all instances.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.isHttps,
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
      database: { generateId: "uuid", joins: true },
    },
    plugins: [startSessionPlugin],
    telemetry: { enabled: false },
    // Our own log lines record every attempt; the library's warnings would repeat them.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const slot = globalThis as typeof globalThis & {
  __conectaAuth?: { auth: Auth; database: Database };
};

/**
 * The auth instance, created on first use (after the database is open) and again if the
 * database was closed and another opened (tests do, in one process): it keeps the handle it was
 * made with.
 */
export function auth(): Auth {
  const database = db();
  if (slot.__conectaAuth?.database !== database) {
    slot.__conectaAuth = { auth: createAuth(database), database };
  }
  return slot.__conectaAuth.auth;
}
