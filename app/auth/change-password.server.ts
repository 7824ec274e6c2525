import { AppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { beginFailureAttempt, rateLimitedError } from "~/security/rate-limit.server";
import { auth } from "./auth.server";
import { currentPasswordBudget } from "./password-limits.server";
import { CHANGE_PASSWORD_MESSAGES } from "./password-messages";

/**
 * Verifies the current password, sets the new one and ends every other session of the account
 * (the page says so). Returns the cookie of the fresh session that replaces this one. Wrong
 * current passwords spend the account's budget (password-limits.server.ts); right ones do not.
 * Every outstanding reset link of the account dies with the change (migration 0006's trigger).
 * Refusals are AppErrors: "rate-limited" past the budget, "invalid" for a wrong current password.
 */
export async function changePassword(input: {
  userId: string;
  headers: Headers;
  currentPassword: string;
  newPassword: string;
}): Promise<{ setCookies: string[] }> {
  const attempt = await beginFailureAttempt([currentPasswordBudget(input.userId)]);
  if (!attempt.allowed) {
    log.info(
      { userId: input.userId, retryAfterSeconds: attempt.retryAfterSeconds },
      "password change rate-limited",
    );
    throw rateLimitedError(attempt.retryAfterSeconds);
  }
  try {
    const { headers } = await auth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: input.headers,
      returnHeaders: true,
    });
    await attempt.settle();
    log.info({ userId: input.userId }, "password changed");
    return { setCookies: headers.getSetCookie() };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 400 || status === 401) {
      log.info(
        { userId: input.userId, reason: "wrong-current-password" },
        "password change refused",
      );
      throw new AppError("invalid", CHANGE_PASSWORD_MESSAGES.wrongCurrent);
    }
    await attempt.settle();
    log.error({ err: error }, "password change failed");
    throw new AppError("invalid", CHANGE_PASSWORD_MESSAGES.failure);
  }
}
