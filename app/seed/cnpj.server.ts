import { cnpj as cnpjValidator } from "cpf-cnpj-validator";
import type { Random } from "./random.server";

/** The 8-digit root identifies the organisation; "0001" is its head office. */
export const CNPJ_ROOT_LIMIT = 100_000_000;
/** Demo CNPJs use roots below this and bulk ones count up from it, so the two never collide. */
export const BULK_FIRST_CNPJ_ROOT = 20_000_000;

/**
 * Appends the two check digits to a 12-digit base (root + branch): a numeric CNPJ stored as 14
 * characters without punctuation. The digits come from the library the sign-up form validates
 * with (forms/field-rules.ts), so the seed and the form cannot disagree on the rule.
 */
export function completeCnpj(base12: string): string {
  if (!/^\d{12}$/.test(base12)) throw new Error(`CNPJ base must have 12 digits: ${base12}`);
  const first = cnpjValidator.verifierDigit(base12);
  return `${base12}${first}${cnpjValidator.verifierDigit(`${base12}${first}`)}`;
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
