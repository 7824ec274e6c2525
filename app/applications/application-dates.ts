import { BRAZIL_TIME_ZONE, DATE_FORMAT_LOCALE } from "~/config/constants";

/**
 * Timestamps (an application's date) are shown as their day in Brasília time, not the server's
 * zone. Calendar days (event dates) are app/events/event-dates.ts.
 */
const dayFormat = new Intl.DateTimeFormat(DATE_FORMAT_LOCALE, {
  timeZone: BRAZIL_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** An instant as its day in Brasília, "dd/MM/yyyy". */
export function formatDayInBrazil(instant: Date): string {
  return dayFormat.format(instant);
}
