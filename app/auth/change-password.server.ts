import { log } from "~/lib/log.server";
import { auth } from "./auth.server";
import { CHANGE_PASSWORD_MESSAGES } from "./password-messages";

/**
 * Verifies the current password, sets the new one and ends every other session of the account
 * (the page says so). Returns the cookie of the fresh session that replaces this one.
 */
export async function changePassword(input: {
  headers: Headers;
  currentPassword: string;
  newPassword: string;
}): Promise<{ ok: true; setCookies: string[] } | { ok: false; message: string }> {
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
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 400 || status === 401)
      return { ok: false, message: CHANGE_PASSWORD_MESSAGES.wrongCurrent };
    log.error({ err: error }, "password change failed");
    return { ok: false, message: CHANGE_PASSWORD_MESSAGES.failure };
  }
}
