import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/config/constants";

/**
 * DESIGN.md 7.3: one password rule everywhere (sign-up, reset, change): 8 to 64 characters with
 * at least one letter and one number, as the hint has always said.
 */
export const PASSWORD_HINT = "Mínimo de 8 caracteres, com pelo menos uma letra e um número.";
export const PASSWORD_TOO_SHORT = "A senha deve ter no mínimo 8 caracteres.";
export const PASSWORD_TOO_LONG = "A senha deve ter no máximo 64 caracteres.";
export const PASSWORD_NEEDS_LETTER_AND_NUMBER =
  "A senha deve ter pelo menos uma letra e um número.";

export function passwordField(requiredMessage: string, tooShortMessage = PASSWORD_TOO_SHORT) {
  return z
    .string({ error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, tooShortMessage)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    .regex(/\p{L}/u, PASSWORD_NEEDS_LETTER_AND_NUMBER)
    .regex(/\p{N}/u, PASSWORD_NEEDS_LETTER_AND_NUMBER);
}
