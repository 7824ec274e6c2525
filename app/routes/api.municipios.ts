import { GEO_CACHE_CONTROL } from "~/geo/cache";
import { listMunicipalities } from "~/geo/localities.server";
import type { Route } from "./+types/api.municipios";

export function loader({ params }: Route.LoaderArgs) {
  const municipalities = listMunicipalities(params.uf);
  if (!municipalities) {
    return Response.json({ error: `Estado desconhecido: ${params.uf}` }, { status: 404 });
  }
  return Response.json(municipalities, { headers: { "Cache-Control": GEO_CACHE_CONTROL } });
}
