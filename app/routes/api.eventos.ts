import { eventListPageResponse } from "~/events/event-list.server";
import type { Route } from "./+types/api.eventos";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/** JSON pages of the events list for its infinite scroll (same parameters as /eventos). */
export async function loader({ url }: Route.LoaderArgs) {
  return eventListPageResponse(url);
}
