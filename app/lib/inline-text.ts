/**
 * A value a member typed (a name, a street, an event's name) as documents print it: one run of
 * inline text that cannot make a block, a line, a list item or a title of its own, nor reorder
 * the text around it, whatever was stored (rows older than the input rules, any other path).
 *
 * - line breaks and other whitespace controls (CR, LF, tab, VT, FF, NEL, U+2028, U+2029)
 *   become a space;
 * - every other C0/C1 control (NUL, BEL, ESC...) and DEL is removed;
 * - bidirectional embeddings, overrides, isolates and marks (U+202A-U+202E, U+2066-U+2069,
 *   U+200E, U+200F, U+061C) are removed: an RLO in a name would print the rest of a sentence
 *   backwards;
 * - runs of spaces collapse to one, the ends are trimmed, and the text is NFC (a composed "ã",
 *   as the fonts and a reader's search expect).
 * No-break spaces (U+00A0) stay: documents use them on purpose.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const SPACING_CONTROLS = /[\t\n\u000b\f\r\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const OTHER_CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]/g;
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function inlineText(value: string): string {
  return value
    .normalize("NFC")
    .replace(SPACING_CONTROLS, " ")
    .replace(OTHER_CONTROLS, "")
    .replace(BIDI_CONTROLS, "")
    .replace(/ {2,}/g, " ")
    .trim();
}
