import { GEO_CACHE_CONTROL } from "~/geo/cache";
import { listStates } from "~/geo/localities.server";

export function loader() {
  return Response.json(listStates(), { headers: { "Cache-Control": GEO_CACHE_CONTROL } });
}
