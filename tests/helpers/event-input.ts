import type { events } from "~/db/schema";
import type { EventInput } from "~/events/institution-events.server";
import { KEEP_SAVED_IMAGE } from "~/forms/member-form-rules";
import type { PreparedImage } from "~/images/stored-images.server";

/**
 * An event's stored row as the edit form would post it back (cover kept, times and places as
 * saved), with `changes` on top: what integration tests hand to updateEvent.
 */
export function eventInputOf(
  row: typeof events.$inferSelect,
  changes: Partial<EventInput> = {},
): EventInput {
  return {
    name: row.name,
    eventDate: row.eventDate,
    resume: row.resume,
    about: row.about,
    uf: row.state,
    city: row.city,
    street: row.street,
    number: row.number,
    neighborhood: row.neighborhood,
    complete: row.complement ?? "",
    format: "PRESENCIAL",
    startTime: row.startTime?.slice(0, 5) ?? null,
    endTime: row.endTime?.slice(0, 5) ?? null,
    places: row.places,
    cover: KEEP_SAVED_IMAGE as PreparedImage,
    ...changes,
  };
}
