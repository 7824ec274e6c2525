import { homePathFor } from "~/auth/session-user";
import { loginRedirect } from "~/web/guards.server";
import { redirect } from "~/web/redirect.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/app._index";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * "Minha área" of a page shared by every signed-in person (ADR 0053) cannot name the person's
 * own home: /app sends each one to theirs (SPEC "Home routing by role"), or to the sign-in.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  if (!user) throw loginRedirect(url);
  return redirect(homePathFor(user));
}
