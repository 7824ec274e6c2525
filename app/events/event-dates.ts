import { BRAZIL_TIME_ZONE } from "~/config/constants";

/**
 * Event dates are calendar days ('YYYY-MM-DD', a PostgreSQL DATE), not instants: they are
 * formatted from their digits, never through a Date in some time zone (local midnight would show
 * the day before wherever the clock is behind UTC, all of Brazil).
 *
 * No Intl.DateTimeFormat here: every public page loads this module, and building a pt-BR
 * formatter loads the browser's locale data, ~25 ms on this machine at the first use (Lighthouse:
 * the landing page's script evaluation), more on a phone, for two fixed formats.
 */
const WEEKDAYS = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
] as const;

/** The months in pt-BR, January first. */
export const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;

function utcDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** "2026-06-14" → "14/06/2026" (docs/spec.md: dd/MM/yyyy). */
export function formatIsoDate(isoDate: string): string {
  const date = utcDay(isoDate);
  const day = String(date.getUTCDate()).padStart(2, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  return `${day}/${month}/${date.getUTCFullYear()}`;
}

/** "2026-06-14" → "domingo, 14 de junho de 2026". */
export function formatIsoDateLong(isoDate: string): string {
  const date = utcDay(isoDate);
  const weekday = WEEKDAYS[date.getUTCDay()];
  const month = MONTHS[date.getUTCMonth()];
  return `${weekday}, ${date.getUTCDate()} de ${month} de ${date.getUTCFullYear()}`;
}

/** "2026-06-14" → "2026-06-15": the exclusive end of an all-day event. */
export function nextDay(isoDate: string): string {
  const date = utcDay(isoDate);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

// Built once, not per request (the event lists ask for today on every load), and only on first
// use: the browser imports this module for the formats above and never calls todayInBrazil.
let brazilDayFormat: Intl.DateTimeFormat | undefined;

/** Today's date in Brasília time: an event of today is still "upcoming" until midnight there. */
export function todayInBrazil(now: Date = new Date()): string {
  brazilDayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_TIME_ZONE });
  return brazilDayFormat.format(now);
}

/** 'AAAA-MM-DD' of a real calendar day between the years 1900 and 2999; anything else is null. */
export function readIsoDate(value: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value?.trim() ?? "");
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date.toISOString().slice(0, 10)
    : null;
}

const addDays = (isoDate: string, days: number) => {
  const date = utcDay(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The calendar week (Monday to Sunday, so the coming weekend counts) around a day. */
export function weekOf(isoDate: string): { from: string; to: string } {
  const sinceMonday = (utcDay(isoDate).getUTCDay() + 6) % 7;
  const from = addDays(isoDate, -sinceMonday);
  return { from, to: addDays(from, 6) };
}

/** The calendar month around a day, first to last. */
export function monthOf(isoDate: string): { from: string; to: string } {
  const date = utcDay(isoDate);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  return { from: `${isoDate.slice(0, 7)}-01`, to: last.toISOString().slice(0, 10) };
}

/** "09:30 às 12:00" from PostgreSQL's 'HH:MM:SS' times; null for a whole-day event. */
export function formatTimeRange(start: string | null, end: string | null): string | null {
  if (!start || !end) return null;
  return `${start.slice(0, 5)} às ${end.slice(0, 5)}`;
}
