import { DATE_FORMAT_LOCALE } from "~/config/constants";

/**
 * Days as people in Brazil see them. Timestamps (an application's date) are shown in Brasília
 * time, not the server's zone; "today" for an event date is Brasília's today, so an event can
 * be set for today until midnight there.
 */
const BRAZIL_TIME_ZONE = "America/Sao_Paulo";

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

/** Today's date in Brasília as "yyyy-MM-dd". */
export function todayInBrazil(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_TIME_ZONE }).format(now);
}
