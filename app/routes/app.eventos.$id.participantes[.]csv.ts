import { data } from "react-router";
import { csvDownload } from "~/lib/csv.server";
import {
  participantCsvFilename,
  participantCsvStream,
} from "~/participation/participant-csv.server";
import { findOwnEvent } from "~/participation/participant-list.server";
import { actingMember } from "~/web/institution-guard.server";
import type { Route } from "./+types/app.eventos.$id.participantes[.]csv";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * "Exportar CSV" of an event's participants (issue 15, item 3), under the approved-institution
 * guard; another institution's event answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await findOwnEvent(actingMember(context).institutionId, params.id);
  if (!event) throw data(null, { status: 404 });
  return csvDownload(participantCsvFilename(), () => participantCsvStream(event.id), {
    what: "participant export failed to start",
    message: "Não foi possível exportar a lista de participantes. Tente novamente.",
  });
}
