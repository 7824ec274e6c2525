import type { events } from "~/db/schema";
import { listText } from "~/forms/choice-list";
import type { EventFieldValues } from "./event-changes";
import type { EventFormat } from "./event-format";

/** PostgreSQL's 'HH:MM:SS' as the form writes it, 'HH:MM'; '' for none. */
function hoursAndMinutes(time: string | null): string {
  return time ? time.slice(0, 5) : "";
}

/** An event row's texts as the form and the change list read them. */
export const storedValues = (row: typeof events.$inferSelect): EventFieldValues => ({
  name: row.name,
  eventDate: row.eventDate,
  resume: row.resume,
  about: row.about,
  format: row.format as EventFormat,
  uf: row.state,
  city: row.city,
  street: row.street,
  number: row.number,
  neighborhood: row.neighborhood,
  complete: row.complement ?? "",
  startTime: hoursAndMinutes(row.startTime),
  endTime: hoursAndMinutes(row.endTime),
  places: row.places === null ? "" : String(row.places),
  onlineLink: row.onlineLink ?? "",
  causes: listText(row.causes),
  skills: listText(row.skills),
});
