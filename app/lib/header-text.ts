/**
 * Member text on its way into a mail header (a subject carrying an event's name or a subject an
 * institution typed): one line, whatever was stored. Line breaks, C0/C1 controls, Unicode line
 * and paragraph separators and bidi controls become a space, runs of spaces one, the result is
 * NFC and at most `max` characters. nodemailer then encodes non-ASCII as RFC 2047 words.
 */
const NOT_IN_A_HEADER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function headerText(value: string, max = 200): string {
  const line = value.normalize("NFC").replace(NOT_IN_A_HEADER, " ").replace(/ {2,}/g, " ").trim();
  return Array.from(line).slice(0, max).join("");
}
