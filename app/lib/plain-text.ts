/**
 * The one text rule for what members type (issue 39, ADR 0066). A member's text is data: it
 * reaches pages, termos, PDFs, CSV files, e-mails and calendar files, and none of them may read
 * structure into it. So a text holds printable characters only:
 *
 * - a single-line text (names, addresses, a subject) has no line break, no control character
 *   (C0 U+0000-U+001F with TAB, CR and LF, DEL, C1 U+0080-U+009F), no line or paragraph separator
 *   (U+2028, U+2029) and no bidirectional control (Unicode's Bidi_Control property: the
 *   embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069 and the marks LRM, RLM and
 *   ALM U+200E, U+200F, U+061C);
 * - a multi-line text (summaries, "Sobre", messages, reasons, descriptions) keeps line breaks
 *   only, stored as LF (CRLF, a lone CR and U+2028/U+2029 become LF); a TAB becomes a space; the
 *   other characters above are refused as in a single line.
 *
 * Both are normalised to NFC (a name typed with combining accents is stored, compared and counted
 * as the same name typed precomposed) and trimmed. Forms refuse a text that breaks the rule
 * (forms/text-fields.ts); outputs built from older rows clean it instead (`asOneLine`,
 * `asPlainText`). Pure string functions, shared by the browser and the server.
 */

export type TextKind = "single-line" | "multi-line";

/** What no member text keeps (a multi-line one keeps LF: see `MULTI_LINE_FORBIDDEN`). */
const FORBIDDEN = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN = /(?!\n)[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const LINE_BREAKS = /\r\n|[\r\n\u2028\u2029]/g;
/** Line breaks and other whitespace controls, which become a space when a text is made one line. */
const BREAKS_AND_TABS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;
const FORBIDDEN_ALL = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

/** The text as the rule stores it (NFC, one line ending, trimmed); nothing removed. */
export function normalizeText(value: string, kind: TextKind): string {
  const normalized = value.normalize("NFC");
  if (kind === "single-line") return normalized.trim();
  return normalized.replace(LINE_BREAKS, "\n").replace(/\t/g, " ").trim();
}

/** Whether a normalised text holds a character its kind refuses. */
export function breaksTextRule(normalized: string, kind: TextKind): boolean {
  return (kind === "single-line" ? FORBIDDEN : MULTI_LINE_FORBIDDEN).test(normalized);
}

/**
 * The message that names the field (`subject`, with its article: "O nome", "A mensagem"), the
 * same wording in every form.
 */
export function textRuleMessage(subject: string, kind: TextKind): string {
  return kind === "single-line"
    ? `${subject} não pode ter quebras de linha nem caracteres de controle.`
    : `${subject} não pode ter caracteres de controle.`;
}

/**
 * Any text as one clean line, for outputs and for text that is cleaned instead of refused (a
 * search, an older row): line breaks and tabs become spaces, the other forbidden characters go,
 * runs of spaces become one, NFC, trimmed.
 */
export function asOneLine(value: string): string {
  return value
    .normalize("NFC")
    .replace(BREAKS_AND_TABS, " ")
    .replace(FORBIDDEN_ALL, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * A typed search as one clean line: a search is cleaned, never refused. Whitespace and control
 * characters separate words (a NUL byte, a tab), so each run of them is one space; bidirectional
 * controls sit inside words and go; NFC; trimmed.
 */
export function asSearchText(value: string): string {
  return asOneLine(value.replace(/[\s\p{Cc}]+/gu, " "));
}

/** Any text as a clean multi-line one: LF line endings, tabs as spaces, no other control. */
export function asPlainText(value: string): string {
  return value
    .normalize("NFC")
    .replace(LINE_BREAKS, "\n")
    .replace(/\t/g, " ")
    .replace(/(?!\n)[\p{Cc}\p{Bidi_Control}]/gu, "")
    .trim();
}

/** Whether two texts are the same once the rule has normalised both (line endings, NFC). */
export function sameText(a: string, b: string): boolean {
  return normalizeText(a, "multi-line") === normalizeText(b, "multi-line");
}
