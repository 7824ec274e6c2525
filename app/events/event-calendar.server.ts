import { publicConfig } from "~/config/public-config.server";
import { addressOneLine } from "~/geo/address";
import { buildIcs } from "./ics";
import { findApprovedEvent } from "./public-events.server";

/** The .ics of an approved event, or null (same visibility rule as its page). */
export async function eventCalendarFile(
  id: string,
): Promise<{ body: string; filename: string } | null> {
  const event = await findApprovedEvent(id);
  if (!event) return null;
  const config = publicConfig();
  const url = new URL(`/eventos/${event.id}`, config.baseUrl).toString();
  const body = buildIcs({
    uid: `evento-${event.id}@${new URL(config.baseUrl).hostname}`,
    stamp: new Date(event.updatedAt),
    date: event.eventDate,
    summary: event.name,
    description: `${event.resume}\n\n${event.about}\n\nOrganização: ${event.institutionName}\n${url}`,
    location: addressOneLine(event),
    url,
    productName: config.appName,
  });
  return { body, filename: `evento-${event.eventDate}.ics` };
}
