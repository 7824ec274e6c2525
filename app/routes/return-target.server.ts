import { findApplicationTarget } from "~/applications/applications.server";
import { EVENT_PAGE, type ReturnTarget } from "~/auth/redirects.server";
import { findApprovedEvent } from "~/events/public-events.server";

/**
 * What a return address (already checked by safeReturnPath) leads to, if it still exists: an
 * institution that receives applications, or an approved event. The sign-in and sign-up pages
 * say why the person is there. Here, in routes, because it reads two domains.
 */
export async function returnTarget(returnPath: string | null): Promise<ReturnTarget | null> {
  if (!returnPath) return null;
  const event = EVENT_PAGE.exec(returnPath);
  if (event) {
    const found = await findApprovedEvent(event[1] ?? "");
    return found ? { purpose: "join", name: found.name } : null;
  }
  const id = new URL(returnPath, "http://return.invalid").searchParams.get("id") ?? "";
  const institution = await findApplicationTarget(id);
  return institution ? { purpose: "apply", name: institution.name } : null;
}
