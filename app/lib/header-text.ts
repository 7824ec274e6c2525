import { asOneLine } from "./plain-text";

/**
 * Member text on its way into a mail header (a subject carrying an event's name or a subject an
 * institution typed): one line, whatever was stored, by the text rule's own cleaning (ADR 0066:
 * line breaks become a space, other controls and bidi controls go), at most `max` characters.
 * nodemailer then encodes non-ASCII as RFC 2047 words.
 */
export function headerText(value: string, max = 200): string {
  return Array.from(asOneLine(value)).slice(0, max).join("");
}
