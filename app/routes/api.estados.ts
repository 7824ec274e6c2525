import { geoJsonResponse } from "~/geo/geo-response.server";
import { listStates } from "~/geo/localities.server";
import type { Route } from "./+types/api.estados";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

export function loader({ request }: Route.LoaderArgs) {
  return geoJsonResponse(request, "estados", listStates);
}
