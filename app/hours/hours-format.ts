import { MONTHS } from "~/events/event-dates";
/**
 * Hours as people read and type them (ADR 0051), in one place: the pages, the e-mails and the
 * export all show "4 h", "2 h 30 min" or "45 min"; totals use the same words ("12 h 30 min"),
 * so one figure never reads two ways. Written out rather than through Intl (see count-text.ts).
 */

/** "4 h", "2 h 30 min", "45 min", "0 h". */
export function formatMinutes(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const hoursText = `${String(hours).replace(/\B(?=(\d{3})+(?!\d))/g, ".")} h`;
  if (rest === 0) return hoursText;
  return hours === 0 ? `${rest} min` : `${hoursText} ${rest} min`;
}

/** The value a form field shows for stored minutes: "4", "2,5", "1h20". */
export function minutesAsInput(minutes: number): string {
  if (minutes % 60 === 0) return String(minutes / 60);
  if (minutes % 30 === 0) return String(minutes / 60).replace(".", ",");
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Minutes from what a person types: "4", "2,5" (pt-BR decimal comma) or "2.5", "2h30",
 * "2 h 30 min", "2h", "45min", "1:30". Null when it is not a duration; the caller checks the
 * range. Decimal hours are rounded to the minute.
 */
export function parseHours(text: string): number | null {
  const value = text.trim().toLowerCase().replace(/\s+/g, " ");
  const decimal = /^(\d{1,4})(?:[.,](\d{1,2}))?(?: ?(?:h|hs|horas?))?$/.exec(value);
  if (decimal) {
    const hours = Number(`${decimal[1]}.${decimal[2] ?? "0"}`);
    return Math.round(hours * 60);
  }
  const clock = /^(\d{1,4}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const parts = /^(?:(\d{1,4}) ?(?:h|hs|horas?))? ?(?:(\d{1,3}) ?(?:min|mins|minutos?|m)?)?$/.exec(
    value,
  );
  if (parts && (parts[1] !== undefined || parts[2] !== undefined)) {
    // "2h30" and "2 h 30 min": minutes after hours stay below an hour; "90 min" alone is fine.
    const minutes = Number(parts[2] ?? 0);
    if (parts[1] !== undefined && minutes >= 60) return null;
    if (parts[1] === undefined && !/m/.test(value)) return null;
    return Number(parts[1] ?? 0) * 60 + minutes;
  }
  return null;
}

/** "novembro de 2026" from "2026-11-01" or "2026-11". */
export function formatMonth(isoDate: string): string {
  const [year = "", month = "1"] = isoDate.split("-");
  return `${MONTHS[Number(month) - 1] ?? ""} de ${year}`;
}

/** Minutes between two 'HH:MM[:SS]' times of one day; null for an all-day event. */
export function minutesBetween(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const toMinutes = (time: string) => {
    const [hours = 0, minutes = 0] = time.split(":").map(Number);
    return hours * 60 + minutes;
  };
  const span = toMinutes(end) - toMinutes(start);
  return span > 0 ? span : null;
}

/**
 * The months a form offers, newest first: `thisMonth` ("2026-11") and the `count - 1` before it,
 * labelled "novembro de 2026". A list rather than a month input, which some browsers show as a
 * bare text field and others in the system's language.
 */
export function recentMonths(thisMonth: string, count = 24): { value: string; label: string }[] {
  const [year = 2000, month = 1] = thisMonth.split("-").map(Number);
  return Array.from({ length: count }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    const value = date.toISOString().slice(0, 7);
    return { value, label: formatMonth(value) };
  });
}
