/**
 * Input masks as small pure functions: they take whatever is in a field (typed, pasted or half
 * formatted) and return the formatted text. Separators are only added once the character after
 * them exists, so backspace never gets stuck on a separator.
 */

const PHONE_PREFIX = "+55";
/** Area code (2) + subscriber number (up to 9). */
const PHONE_MAX_DIGITS = 11;
const CNPJ_LENGTH = 14;
/** The alphanumeric CNPJ (in force since July 2026) allows letters in the first 12 positions. */
const CNPJ_ALPHANUMERIC_PART = 12;
const DATE_DIGITS = 8;

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Formats a Brazilian phone as "+55 (11) 987654321". The +55 prefix is never part of the digits. */
export function formatPhone(value: string): string {
  let rest = value.trim();
  if (rest.startsWith(PHONE_PREFIX)) rest = rest.slice(PHONE_PREFIX.length);
  let digits = onlyDigits(rest);
  // A pasted full number ("5511987654321") carries the country code: drop it.
  if (digits.length > PHONE_MAX_DIGITS && digits.startsWith("55")) digits = digits.slice(2);
  digits = digits.slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return "";
  const area = digits.slice(0, 2);
  const number = digits.slice(2);
  return number ? `${PHONE_PREFIX} (${area}) ${number}` : `${PHONE_PREFIX} (${area}`;
}

/**
 * A stored phone as people read it: "+55 (27) 98034-8179", or "+55 (27) 3034-8179" for a
 * landline. Only for showing a number; the field keeps the spec's mask (formatPhone). A number of
 * another length is shown as the mask shows it.
 */
export function displayPhone(value: string): string {
  const digits = phoneDigits(value);
  const number = digits.slice(2);
  if (number.length !== 8 && number.length !== 9) return formatPhone(value);
  return `${PHONE_PREFIX} (${digits.slice(0, 2)}) ${number.slice(0, -4)}-${number.slice(-4)}`;
}

/** The digits a formatted phone stands for, without the country code ("11987654321"). */
export function phoneDigits(value: string): string {
  return onlyDigits(formatPhone(value).slice(PHONE_PREFIX.length));
}

/** Keeps the characters a CNPJ may hold at each position: A-Z or 0-9 first, then 2 digits. */
export function cnpjCharacters(value: string): string {
  let result = "";
  for (const char of value.toUpperCase()) {
    if (result.length === CNPJ_LENGTH) break;
    const allowed = result.length < CNPJ_ALPHANUMERIC_PART ? /[0-9A-Z]/ : /[0-9]/;
    if (allowed.test(char)) result += char;
  }
  return result;
}

/** Formats a CNPJ, numeric or alphanumeric, as "12.ABC.345/01DE-35" (docs/design.md 7.2). */
export function formatCnpj(value: string): string {
  const chars = cnpjCharacters(value);
  return joinGroups(chars, [
    [0, 2, ""],
    [2, 5, "."],
    [5, 8, "."],
    [8, 12, "/"],
    [12, 14, "-"],
  ]);
}

/** Formats typed digits as a date "dd/MM/yyyy". */
export function formatDate(value: string): string {
  const digits = onlyDigits(value).slice(0, DATE_DIGITS);
  return joinGroups(digits, [
    [0, 2, ""],
    [2, 4, "/"],
    [4, 8, "/"],
  ]);
}

/** "25/12/2026" to "2026-12-25"; null unless it is a complete, real calendar date. */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day = 0, month = 0, year = 0] = match.slice(1).map(Number);
  // The Date API rolls 31/02 over into March: a real date survives the round trip unchanged.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** "2026-12-25" to "25/12/2026"; anything else gives "". */
export function isoToBrDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return "";
  return `${match[3]}/${match[2]}/${match[1]}`;
}

type Group = [start: number, end: number, separatorBefore: string];

function joinGroups(chars: string, groups: Group[]): string {
  let result = "";
  for (const [start, end, separator] of groups) {
    const part = chars.slice(start, end);
    if (!part) break;
    result += separator + part;
  }
  return result;
}
