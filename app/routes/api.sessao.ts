import { headerPersonOf } from "~/web/header-person.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/api.sessao";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * Who is signed in, for the header of the public pages every signed-in person shares (ADR 0053):
 * `{ "user": null }` without a session. Asking slides the session's expiry, as any signed-in
 * page does (the root's session middleware), so browsing the shared lists keeps one signed in.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  return Response.json(
    { user: user ? await headerPersonOf(user) : null },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
