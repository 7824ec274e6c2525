import { directoryPageResponse } from "~/institutions/directory.server";
import type { Route } from "./+types/api.instituicoes";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/** JSON pages of the directory for its infinite scroll (same parameters as /instituicoes). */
export async function loader({ url }: Route.LoaderArgs) {
  return directoryPageResponse(url);
}
