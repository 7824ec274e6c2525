import { randomInt } from "node:crypto";
import { passwordField } from "~/auth/password-rule";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/config/constants";

/**
 * Shared password of every demo and benchmark volunteer and institution. It is printed with the
 * admin box and documented, so a developer can sign in as anyone; such data never reaches
 * production (the demo seed only runs on a non-production embedded database).
 */
export const DEMO_PASSWORD = "conecta2026";

// No look-alike characters (0/O, 1/l/I): the password is read off a terminal and typed.
const LETTERS = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALPHABET = LETTERS + DIGITS;

/** A random password that satisfies the product's rule (docs/design.md 7.3). */
export function generatePassword(length = 16): string {
  for (;;) {
    let password = "";
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if (passwordProblem(password) === null) return password;
  }
}

/**
 * Why a password breaks the product's one rule (app/auth/password-rule.ts), in English for
 * operators, or null when it is fine.
 */
export function passwordProblem(password: string): string | null {
  if (passwordField("required").safeParse(password).success) return null;
  return `must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, with at least one letter and one number`;
}
