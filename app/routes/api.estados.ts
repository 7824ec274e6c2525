import { GEO_CACHE_CONTROL } from "~/geo/cache";
import { listStates } from "~/geo/localities.server";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

export function loader() {
  return Response.json(listStates(), { headers: { "Cache-Control": GEO_CACHE_CONTROL } });
}
