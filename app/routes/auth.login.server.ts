import { data, type RouterContextProvider } from "react-router";
import { loginSchema } from "~/auth/login-schemas";
import type { SessionUser } from "~/auth/session-user";
import {
  LOGIN_MESSAGES,
  type SignedIn,
  type SignInDoor,
  signInWithPassword,
} from "~/auth/sign-in.server";
import { echoValues, validateForm } from "~/forms/form-validation";
import { isAppError } from "~/lib/app-error";
import { refusalOf } from "~/web/app-error.server";
import { readFormData } from "~/web/read-form-data.server";
import { redirect } from "~/web/redirect.server";
import { clientContext } from "~/web/request-context.server";

/**
 * The action behind both login forms: validate, sign in through the given door, then redirect
 * with the new session cookie, or answer with the spec's message and the typed e-mail.
 */
export async function signInAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  door: SignInDoor,
  destination: (user: SessionUser, formData: FormData) => string,
) {
  const formData = await readFormData(request);
  const values = echoValues(formData);
  const parsed = validateForm(loginSchema, formData);
  if (!parsed.ok)
    return data({ error: parsed.error, values, recoveryLink: false }, { status: 400 });

  const client = context.get(clientContext);
  let result: SignedIn;
  try {
    result = await signInWithPassword({
      ...parsed.data,
      ip: client.ip,
      network: client.network,
      headers: request.headers,
      door,
    });
  } catch (error) {
    const refused = refusalOf(error) ?? {
      error: { field: "form", message: LOGIN_MESSAGES.unexpected },
      status: 500,
    };
    // Past the limit the way in is a password reset, which also ends the lockout (ADR 0013).
    const recoveryLink = isAppError(error, "rate-limited");
    return data(
      { error: refused.error, values, recoveryLink },
      { status: refused.status, headers: refused.headers },
    );
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(destination(result.user, formData), { headers });
}
