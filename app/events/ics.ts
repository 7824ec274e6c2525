import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { asOneLine, asPlainText } from "~/lib/plain-text";
import { type CalendarEntry, calendarSpan } from "./calendar-entry";

/**
 * A one-event iCalendar file (RFC 5545) for "Adicionar ao calendário": a VEVENT at Brasília's
 * times (TZID with its VTIMEZONE), or a whole-day one, that any calendar app imports. Pure
 * functions, so the format is tested without a server.
 */

export interface CalendarEvent extends CalendarEntry {
  /** Stable and globally unique, so importing twice updates instead of duplicating. */
  uid: string;
  /** When this description of the event was last changed. */
  stamp: Date;
  /** PRODID: who made the file. */
  productName: string;
  /** Raised by every change, so a calendar that imported the event replaces it (RFC 5545 3.8.7.4). */
  sequence: number;
}

/**
 * Brasília's zone for the timed events' TZID: UTC-3 all year since 2019 (no summer time), which
 * strict parsers need spelled out in the file (RFC 5545 3.6.5).
 */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${BRAZIL_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0300",
  "TZOFFSETTO:-0300",
  "TZNAME:-03",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/**
 * A TEXT value (RFC 5545 section 3.3.11): cleaned by the text rule first (ADR 0066; rows stored
 * before it may hold anything), so no control or bidirectional character reaches a calendar,
 * then backslash, semicolon and comma escaped and each line break written as "\n": a value
 * never holds a raw CR or LF. Member text stays data: it cannot start a property of its own.
 */
export function escapeText(value: string): string {
  return asPlainText(value)
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

/** A UTC DATE-TIME: 20260614T153000Z. */
function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

export function buildIcs(event: CalendarEvent): string {
  const { start, end, allDay } = calendarSpan(event);
  const when = allDay ? "VALUE=DATE" : `TZID=${BRAZIL_TIME_ZONE}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(event.productName)}//Eventos//PT-BR`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(allDay ? [] : VTIMEZONE),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;${when}:${start}`,
    `DTEND;${when}:${end}`,
    `SUMMARY:${escapeText(asOneLine(event.summary))}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(asOneLine(event.location))}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
