/**
 * The one rule for an e-mail address, used by every form that takes one (through emailField in
 * app/forms/field-rules.ts) and by the e-mail outbox (app/email/outbox.server.ts), which refuses
 * anything else. An address is exactly one mailbox, `local@domain`, with nothing a mail library
 * could read as a second recipient, a header or a display name:
 * - no whitespace or control characters anywhere (so no CR/LF header injection);
 * - no RFC 5322 specials: no `,` or `;` (address lists), no `<`, `>`, `"` or `(` (display names,
 *   quoted local parts, comments), no `:` (groups), no `[`, `]` or `\`;
 * - exactly one `@`;
 * - the local part is dot-atoms of the characters browsers accept in `<input type="email">`
 *   (letters and digits of any script too, for addresses typed before this rule), at most 64
 *   characters; the domain is at least two labels of letters, digits and inner hyphens, each at
 *   most 63 characters, ending in an alphabetic top-level domain (or a punycode one).
 * Pure and dependency-free: it runs in the browser as well as on the server.
 */

/** RFC 5321: the longest address a mail server must accept. Forms pass docs/spec.md's 50. */
const EMAIL_ADDRESS_MAX_LENGTH = 254;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\p{L}\\p{N}\\p{M}-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, "u");
const DOMAIN_LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
const TOP_LEVEL_DOMAIN = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/iu;

/** True when `value` is exactly one e-mail address of at most `maxLength` characters. */
export function isSingleEmailAddress(
  value: unknown,
  maxLength = EMAIL_ADDRESS_MAX_LENGTH,
): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > maxLength) return false;
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] ?? "");
}
