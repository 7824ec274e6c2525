import { geoJsonResponse } from "~/geo/geo-response.server";
import { listMunicipalities } from "~/geo/localities.server";
import type { Route } from "./+types/api.municipios";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

export function loader({ request, params }: Route.LoaderArgs) {
  const municipalities = listMunicipalities(params.uf);
  if (!municipalities) {
    return Response.json({ error: `Estado desconhecido: ${params.uf}` }, { status: 404 });
  }
  return geoJsonResponse(request, `municipios:${params.uf.toUpperCase()}`, () => municipalities);
}
