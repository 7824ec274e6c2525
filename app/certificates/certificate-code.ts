/**
 * Verification codes (ADR 0052): 12 characters of Crockford's base32 (no I, L, O or U, so
 * nothing reads as another character), 60 random bits, shown as "XXXX-XXXX-XXXX". A person
 * types it from paper: case, dashes and spaces do not matter, and O, I and L are read as the
 * digits they look like. Shared by the server and the lookup form.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 12;

/** A new random code, stored without dashes. */
export function newCertificateCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  // 256 is a multiple of 32: taking each byte modulo 32 keeps every character equally likely.
  return Array.from(bytes, (byte) => ALPHABET[byte % 32]).join("");
}

/** What a person typed, as stored ("abcd-efgh-jkmn" → "ABCDEFGHJKMN"); null when it cannot be one. */
export function normalizeCertificateCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** "ABCDEFGHJKMN" → "ABCD-EFGH-JKMN", as printed and shown. */
export function formatCertificateCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}
