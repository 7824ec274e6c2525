import { nextDay } from "./event-dates";

/**
 * A one-event iCalendar file (RFC 5545) for "Adicionar ao calendário": an all-day VEVENT that
 * any calendar app imports. Pure functions, so the format is tested without a server.
 */

export interface CalendarEvent {
  /** Stable and globally unique, so importing twice updates instead of duplicating. */
  uid: string;
  /** When this description of the event was last changed. */
  stamp: Date;
  /** 'YYYY-MM-DD' (all-day event). */
  date: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  /** PRODID: who made the file. */
  productName: string;
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 section 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Lines longer than 75 octets are folded: CRLF then one space, never inside a UTF-8 character
 * (RFC 5545 section 3.1). Continuation lines count their leading space.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const octets = encoder.encode(character).length;
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** 'YYYY-MM-DD' → 'YYYYMMDD'. */
function dateValue(isoDate: string): string {
  return isoDate.replace(/-/g, "");
}

/** A UTC DATE-TIME: 20260614T153000Z. */
function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

export function buildIcs(event: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(event.productName)}//Eventos//PT-BR`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateValue(event.date)}`,
    `DTEND;VALUE=DATE:${dateValue(nextDay(event.date))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
