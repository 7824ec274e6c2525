import { directoryPageResponse } from "~/institutions/directory-page.server";
import type { Route } from "./+types/api.instituicoes";

/** JSON pages of the directory for its infinite scroll (same parameters as /instituicoes). */
export async function loader({ request }: Route.LoaderArgs) {
  return directoryPageResponse(new URL(request.url));
}
