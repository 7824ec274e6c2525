import { data, type RouterContextProvider, redirect } from "react-router";
import { echoValues, validateForm } from "~/lib/forms";
import { readFormData } from "~/lib/read-form-data.server";
import { clientContext } from "~/lib/request-context.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { loginSchema } from "./login-schemas";
import type { SessionUser } from "./session.server";
import { type SignInDoor, signInWithPassword } from "./sign-in.server";

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
  const result = await signInWithPassword({
    ...parsed.data,
    ip: client.ip,
    network: client.network,
    headers: request.headers,
    door,
  });
  if (!result.ok && result.status === 429) {
    // Past the limit the way in is a password reset, which also ends the lockout (ADR 0013).
    return data(
      { error: { field: "form", message: result.message }, values, recoveryLink: true },
      { status: 429, headers: retryAfterHeaders(result.retryAfterSeconds) },
    );
  }
  if (!result.ok) {
    return data(
      { error: { field: "form", message: result.message }, values, recoveryLink: false },
      { status: result.status },
    );
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(destination(result.user, formData), { headers });
}
