import type { Random } from "./random.server";

/**
 * Numeric CNPJs with correct check digits, stored as 14 characters without punctuation.
 * Each check digit is the weighted sum of the digits before it, modulo 11: a remainder below 2
 * gives 0, otherwise 11 minus the remainder (Receita Federal's rule).
 */
const FIRST_DIGIT_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_DIGIT_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
/** The 8-digit root identifies the organisation; "0001" is its head office. */
export const CNPJ_ROOT_LIMIT = 100_000_000;
/** Demo CNPJs use roots below this and bulk ones count up from it, so the two never collide. */
export const BULK_FIRST_CNPJ_ROOT = 20_000_000;

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** Appends the two check digits to a 12-digit base (root + branch). */
export function completeCnpj(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error(`CNPJ base must have 12 digits: ${base12}`);
  const digits = [...base12].map(Number);
  const first = checkDigit(digits, FIRST_DIGIT_WEIGHTS);
  const second = checkDigit([...digits, first], SECOND_DIGIT_WEIGHTS);
  return `${base12}${first}${second}`;
}

/** The head-office CNPJ of the organisation with this root number (0 to 99 999 999). */
export function cnpjForRoot(root: number): string {
  if (!Number.isInteger(root) || root < 0 || root >= CNPJ_ROOT_LIMIT) {
    throw new Error(`CNPJ root out of range: ${root}`);
  }
  return completeCnpj(`${String(root).padStart(8, "0")}0001`);
}

export function randomCnpj(random: Random): string {
  return cnpjForRoot(random.int(10_000_000, BULK_FIRST_CNPJ_ROOT - 1));
}
