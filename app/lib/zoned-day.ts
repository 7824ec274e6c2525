/**
 * The instant a calendar day begins in a time zone: "2026-11-26" in America/Sao_Paulo is
 * 2026-11-26T03:00:00Z. A period filter counts days where the people using it live, not in UTC.
 */
export function zonedDayStart(isoDate: string, timeZone: string): Date {
  return zonedWallClock(isoDate, "00:00", timeZone);
}

/** The instant a wall-clock time ('HH:MM' or 'HH:MM:SS') of a day shows in a time zone. */
export function zonedWallClock(isoDate: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const wallClock = Date.UTC(year, month - 1, day, hours, minutes);
  // The zone's offset depends on the instant (summer time), so it is read twice: at the naive
  // guess, then at the corrected instant.
  const first = wallClock - offsetAt(wallClock, timeZone);
  return new Date(wallClock - offsetAt(first, timeZone));
}

/** The day after an 'AAAA-MM-DD' day, same format. */
export function nextIsoDay(isoDate: string): string {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (instant - (instant % 1000));
}

/** 'AAAA-MM-DD' of a real calendar day between the years 1900 and 2999, else null. */
export function isoDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year = 0, month = 0, day = 0] = match.slice(1).map(Number);
  if (year < 1900 || year > 2999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? text : null;
}
