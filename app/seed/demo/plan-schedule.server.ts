import { slugify } from "../content/slug.server";
import type { Random } from "../random.server";
import type { EventSchedule, PlannedEvent } from "./plan-types.server";

/** Hours a real event of each kind keeps: a morning or afternoon in person, an evening online. */
const IN_PERSON_HOURS = [
  ["08:00", "12:00"],
  ["09:00", "12:00"],
  ["09:00", "13:00"],
  ["13:30", "17:30"],
  ["14:00", "17:00"],
] as const;
const ONLINE_HOURS = [
  ["19:00", "21:00"],
  ["19:30", "21:00"],
  ["10:00", "11:30"],
] as const;
/** Volunteer places: small teams in person, none or many online; null is "no limit" (about a
 * quarter of events, so the agenda shows both kinds). */
const IN_PERSON_PLACES = [8, 10, 12, 15, 20, 25, 30, null, null] as const;
const ONLINE_PLACES = [null, null, 50, 100] as const;

/**
 * Times, places and the meeting link of a demo event, as institutions fill them in: most events
 * have hours (some in person take the whole day), most in-person ones a small number of places,
 * and every online or hybrid one a link.
 */
export function planSchedule(
  random: Random,
  event: Pick<PlannedEvent, "format" | "name" | "institution">,
): EventSchedule {
  const online = event.format !== "PRESENCIAL";
  const wholeDay = !online && random.chance(0.15);
  const [startTime, endTime] = wholeDay
    ? [null, null]
    : random.pick<readonly [string, string]>(online ? ONLINE_HOURS : IN_PERSON_HOURS);
  return {
    startTime,
    endTime,
    places: random.pick<number | null>(online ? ONLINE_PLACES : IN_PERSON_PLACES),
    onlineLink: online
      ? `https://reuniao.exemplo.org.br/${slugify(event.institution.name)}/${slugify(event.name)}`
      : null,
  };
}
