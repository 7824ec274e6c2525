import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { addressOneLine, type PostalAddressParts } from "~/geo/address";
import { nextDay } from "./event-dates";

/**
 * What a calendar shows for an event, the same in the .ics file and in the "Adicionar ao Google
 * Agenda" link (issue 15: both must carry the same times). An event with times runs from its
 * start to its end on its day, Brasília time; one without (every event made before times
 * existed) takes the whole day: from its date to the next day, exclusive.
 */
export interface CalendarEntry {
  /** 'YYYY-MM-DD' of the day the event takes. */
  date: string;
  /** 'HH:MM' (or 'HH:MM:SS'), both null for a whole-day event. */
  startTime: string | null;
  endTime: string | null;
  summary: string;
  description: string;
  location: string;
  url: string;
}

export interface CalendarEventFields extends PostalAddressParts {
  name: string;
  eventDate: string;
  startTime: string | null;
  endTime: string | null;
  resume: string;
  about: string;
  institutionName: string;
}

/** `url` is the event page's absolute address. */
export function calendarEntry(event: CalendarEventFields, url: string): CalendarEntry {
  return {
    date: event.eventDate,
    startTime: event.startTime,
    endTime: event.endTime,
    summary: event.name,
    description: `${event.resume}\n\n${event.about}\n\nOrganização: ${event.institutionName}\n${url}`,
    location: addressOneLine(event),
    url,
  };
}

/** 'YYYY-MM-DD' → 'YYYYMMDD', the DATE form of both RFC 5545 and Google Calendar's links. */
function compactDate(isoDate: string): string {
  return isoDate.replace(/-/g, "");
}

/**
 * The span as calendars write it: local date-times 'YYYYMMDDTHHMMSS' (read in Brasília's zone)
 * for a timed event; for a whole-day one, its day and the day after ('YYYYMMDD').
 */
export function calendarSpan(entry: CalendarEntry): {
  start: string;
  end: string;
  allDay: boolean;
} {
  if (entry.startTime && entry.endTime) {
    const at = (time: string) =>
      `${compactDate(entry.date)}T${time.slice(0, 5).replace(":", "")}00`;
    return { start: at(entry.startTime), end: at(entry.endTime), allDay: false };
  }
  return { start: compactDate(entry.date), end: compactDate(nextDay(entry.date)), allDay: true };
}

/** Google Calendar's "add event" page, filled with the same entry as the .ics. */
export function googleCalendarUrl(entry: CalendarEntry): string {
  const { start, end } = calendarSpan(entry);
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: entry.summary,
    dates: `${start}/${end}`,
    details: entry.description,
    location: entry.location,
    ctz: BRAZIL_TIME_ZONE,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
