import { RESEND_EMAIL_COOLDOWN_SECONDS } from "~/config/constants";
import { afterResponse } from "~/lib/after-response.server";
import { AppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { hitRateLimit, RATE_LIMITS, rateLimitedError } from "~/security/rate-limit.server";
import { auth } from "./auth.server";
import { RESET_MESSAGES } from "./password-messages";

export interface ResetRequestResult {
  cooldownSeconds: number;
  requested: boolean;
}

/**
 * "Esqueci minha senha". The answer is the same whether or not an account has this e-mail, and
 * takes the same time: the lookup and the e-mail happen after the response has been sent. The
 * 60-second resend cooldown and the limits are counted per e-mail typed, existing or not, and per
 * client network (`clientContext.network`); past the per-network limit it throws AppError
 * "rate-limited".
 */
export async function requestPasswordReset(
  email: string,
  network: string,
): Promise<ResetRequestResult> {
  const perNetwork = await hitRateLimit(
    `forgot:network:${network}`,
    RATE_LIMITS.forgotPasswordPerNetwork,
  );
  if (!perNetwork.allowed) throw rateLimitedError(perNetwork.retryAfterSeconds);

  const cooldown = await hitRateLimit(`forgot:cooldown:${email}`, {
    limit: 1,
    windowSeconds: RESEND_EMAIL_COOLDOWN_SECONDS,
  });
  if (!cooldown.allowed) {
    return { cooldownSeconds: cooldown.retryAfterSeconds, requested: false };
  }

  const perAccount = await hitRateLimit(
    `forgot:account:${email}`,
    RATE_LIMITS.forgotPasswordPerAccount,
  );
  if (perAccount.allowed) {
    afterResponse(() => {
      sendResetEmail(email).catch((error: unknown) =>
        log.error({ err: error }, "password reset request failed"),
      );
    });
  }
  return { cooldownSeconds: RESEND_EMAIL_COOLDOWN_SECONDS, requested: true };
}

/**
 * Queues the reset e-mail for an existing account (the auth library ignores unknown e-mails).
 * The new link replaces every earlier one of the account (migration 0006's trigger).
 */
export async function sendResetEmail(email: string): Promise<void> {
  await auth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/resetar-senha" } });
}

/**
 * Sets the new password from a reset link; every session of the account is ended, every other
 * link of the account dies with the password change (migration 0006's trigger) and the sign-in
 * lockout of the account is lifted (auth.server.ts, onPasswordReset). A dead or unknown link,
 * or a failure, is an AppError "invalid" with the page's message.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 400) throw new AppError("invalid", RESET_MESSAGES.invalidToken);
    log.error({ err: error }, "password reset failed");
    throw new AppError("invalid", RESET_MESSAGES.failure);
  }
}
