import { eventCalendarFile } from "~/events/event-calendar.server";
import type { Route } from "./+types/eventos.$id.calendario";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/** "Adicionar ao calendário": the event as an iCalendar download (404 unless approved). */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await eventCalendarFile(params.id);
  if (!file) {
    return new Response("Evento não encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(file.body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "public, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
