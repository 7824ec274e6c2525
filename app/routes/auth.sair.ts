import { auth } from "~/auth/auth.server";
import { log } from "~/lib/log.server";
import { appendFlash } from "~/web/flash.server";
import { redirect } from "~/web/redirect.server";
import type { Route } from "./+types/auth.sair";

/** Logging out changes state, so only a POST does it; a GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const { headers: authHeaders } = await auth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    for (const cookie of authHeaders.getSetCookie()) headers.append("Set-Cookie", cookie);
    appendFlash(headers, "Logout realizado com sucesso.", "success");
  } catch (error) {
    log.error({ err: error }, "sign-out failed");
    appendFlash(headers, "Falha ao realizar logout.", "error");
  }
  return redirect("/", { headers });
}
