import { eq } from "drizzle-orm";
import { type SessionUser, toSessionUser } from "~/auth/session-user";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { beginFailureAttempt, rateLimitedMessage } from "~/security/rate-limit.server";
import { auth } from "./auth.server";
import { deviceCookieAfterSignIn, trustedDeviceNonce } from "./device-cookie.server";
import { signInFailureBudgets } from "./password-limits.server";

/** docs/spec.md section 8, login. An unknown e-mail gets the same answer as a wrong password. */
export const LOGIN_MESSAGES = {
  invalidCredentials: "Credenciais inválidas. Verifique seu e-mail e senha.",
  unexpected: "Ocorreu um erro inesperado. Tente novamente.",
  unknownProfile: "Perfil desconhecido. Não foi possível redirecionar.",
  adminOnly: "Perfil não autorizado. Acesse a tela principal.",
} as const;

export interface SignedIn {
  user: SessionUser;
  setCookies: string[];
}

export type SignInDoor = "user" | "admin";

/**
 * Checks the rate limits, verifies the password and opens a new session (a fresh token at every
 * sign-in). The door decides who may pass: people at /auth/login, admins at /admin/login; anyone
 * else gets the spec's refusal and no session. Every attempt is logged. Refusals are AppErrors:
 * "rate-limited" (with how long to wait), "unauthorized" (wrong e-mail or password), "forbidden"
 * (the other door); anything else thrown is unexpected.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  /** The client's address, for the log. */
  ip: string;
  /** What per-address limits count (clientContext.network). */
  network: string;
  headers: Headers;
  door: SignInDoor;
}): Promise<SignedIn> {
  const deviceNonce = trustedDeviceNonce(input.headers.get("cookie"), input.email);
  const logAttempt = (outcome: string, details: Record<string, unknown> = {}) =>
    log.info(
      {
        door: input.door,
        email: input.email,
        ip: input.ip,
        trustedDevice: deviceNonce !== null,
        ...details,
      },
      `sign-in ${outcome}`,
    );

  const attempt = await beginFailureAttempt(
    signInFailureBudgets({ email: input.email, network: input.network, deviceNonce }),
  );
  if (!attempt.allowed) {
    const limits = attempt.refused.map(({ key }) => key.split(":")[1]);
    logAttempt("rate-limited", { limits, retryAfterSeconds: attempt.retryAfterSeconds });
    const { retryAfterSeconds } = attempt;
    throw new AppError("rate-limited", rateLimitedMessage(retryAfterSeconds), {
      retryAfterSeconds,
    });
  }

  let signedIn: Awaited<ReturnType<typeof callSignIn>>;
  try {
    signedIn = await callSignIn(input);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401 || status === 400) {
      logAttempt("failure", { reason: "invalid-credentials" });
      throw new AppError("unauthorized", LOGIN_MESSAGES.invalidCredentials);
    }
    await attempt.settle();
    logAttempt("failure", { reason: "error", err: error });
    throw error;
  }
  // The password was right: this attempt is not a failure, whatever the door says next.
  await attempt.settle();

  const user = toSessionUser(signedIn.response.user);
  const allowed =
    input.door === "admin"
      ? user.role === "ADMIN"
      : user.role === "USER" && (user.profile === "VOLUNTEER" || user.profile === "INSTITUTION");
  if (!allowed) {
    // The password was right, but this door is not theirs: the new session is dropped unused.
    await db().delete(sessions).where(eq(sessions.token, signedIn.response.token));
    logAttempt("refused", { reason: "wrong-door" });
    throw new AppError(
      "forbidden",
      input.door === "admin" ? LOGIN_MESSAGES.adminOnly : LOGIN_MESSAGES.unknownProfile,
    );
  }
  await endPreviousSession(input.headers);
  logAttempt("success");
  return {
    user,
    setCookies: [
      ...signedIn.headers.getSetCookie(),
      ...deviceCookieAfterSignIn(input.headers.get("cookie"), input.email),
    ],
  };
}

/**
 * The session the browser carried into the login (the same or another person's) ends here, so
 * a token known before the login is worth nothing after it (session fixation, a shared computer
 * where the last person did not sign out). The new session has its own token.
 */
async function endPreviousSession(headers: Headers): Promise<void> {
  if (!/(^|;\s*)(__Secure-)?conecta\.session_token=/.test(headers.get("cookie") ?? "")) return;
  try {
    await auth().api.signOut({ headers });
  } catch (error) {
    log.error({ err: error }, "ending the previous session failed");
  }
}

function callSignIn(input: { email: string; password: string; headers: Headers }) {
  return auth().api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: input.headers,
    returnHeaders: true,
  });
}
