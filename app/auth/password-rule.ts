import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/config/constants";
import {
  PASSWORD_NEEDS_LETTER_AND_NUMBER,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from "./password-messages";

/**
 * docs/design.md 7.3: one password rule everywhere (sign-up, reset, change): 8 to 64 characters with
 * at least one letter and one number, as the hint (PASSWORD_HINT) has always said.
 */
export function passwordField(requiredMessage: string, tooShortMessage = PASSWORD_TOO_SHORT) {
  return z
    .string({ error: requiredMessage })
    .min(PASSWORD_MIN_LENGTH, tooShortMessage)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    .regex(/\p{L}/u, PASSWORD_NEEDS_LETTER_AND_NUMBER)
    .regex(/\p{N}/u, PASSWORD_NEEDS_LETTER_AND_NUMBER);
}
