import { DATE_FORMAT_LOCALE } from "~/config/constants";

/**
 * Event dates are calendar days ('YYYY-MM-DD', a PostgreSQL DATE), not instants. They are
 * formatted as a UTC day on purpose: going through local midnight would show the day before
 * wherever the clock is behind UTC (all of Brazil).
 */
const BRAZIL_TIME_ZONE = "America/Sao_Paulo";

function utcDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

const shortFormat = new Intl.DateTimeFormat(DATE_FORMAT_LOCALE, {
  timeZone: "UTC",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

const longFormat = new Intl.DateTimeFormat(DATE_FORMAT_LOCALE, {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "2026-06-14" → "14/06/2026" (SPEC.md: dd/MM/yyyy). */
export function formatIsoDate(isoDate: string): string {
  return shortFormat.format(utcDay(isoDate));
}

/** "2026-06-14" → "domingo, 14 de junho de 2026". */
export function formatIsoDateLong(isoDate: string): string {
  return longFormat.format(utcDay(isoDate));
}

/** "2026-06-14" → "2026-06-15": the exclusive end of an all-day event. */
export function nextDay(isoDate: string): string {
  const date = utcDay(isoDate);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Today's date in Brasília time: an event of today is still "upcoming" until midnight there. */
export function todayInBrazil(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_TIME_ZONE }).format(now);
}
