import { eventCalendarFile } from "~/events/event-calendar.server";
import type { Route } from "./+types/eventos.$id.calendario";

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
