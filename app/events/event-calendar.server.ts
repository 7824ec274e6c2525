import { publicConfig } from "~/config/public-config.server";
import { calendarEntry } from "./calendar-entry";
import { buildIcs } from "./ics";
import { findApprovedEvent } from "./public-events.server";

/** The .ics of an approved event, or null (same visibility rule as its page). */
export async function eventCalendarFile(
  id: string,
): Promise<{ body: string; filename: string } | null> {
  const event = await findApprovedEvent(id);
  if (!event) return null;
  const config = publicConfig();
  const body = buildIcs({
    ...calendarEntry(event, new URL(`/eventos/${event.id}`, config.baseUrl).toString()),
    uid: `evento-${event.id}@${new URL(config.baseUrl).hostname}`,
    stamp: new Date(event.updatedAt),
    productName: config.appName,
    sequence: event.calendarSequence,
  });
  return { body, filename: `evento-${event.eventDate}.ics` };
}
