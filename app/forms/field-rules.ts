import { cnpj as cnpjValidator } from "cpf-cnpj-validator";
import { z } from "zod";
import { MAX_LENGTH } from "~/config/constants";
import { isSingleEmailAddress } from "~/lib/email-address";
import { StagedImage, withStagedImages } from "./staged-image-field";
import { ruledText } from "./text-fields";

/** Field rules shared by several forms. Conform turns empty inputs into undefined, hence `error`. */

/**
 * Every form's e-mail field (sign-up, contact e-mail, application reply, login, admin login,
 * forgot password): exactly one address of at most 50 characters (app/lib/email-address.ts),
 * with the form's own messages; the outbox applies the same rule to every recipient.
 */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine((email) => isSingleEmailAddress(email, MAX_LENGTH.email), messages.invalid)
    .transform((email) => email.toLowerCase());
}

/**
 * An address's "Complemento", which a person may leave empty (sign-up and events alike, ADR
 * 0027): trimmed, with its length rule.
 */
export function complementField() {
  return ruledText("single-line", "O complemento")
    .max(
      MAX_LENGTH.complement,
      `O complemento deve ter no máximo ${MAX_LENGTH.complement} caracteres.`,
    )
    .optional();
}

/**
 * One of a few fixed options (radio cards). A browser only sends a listed value; anything else
 * gets a message of ours instead of Zod's English default.
 */
export function choiceField<const T extends readonly string[]>(options: T, message: string) {
  return z.enum(options, { error: message });
}

/** Messages of the radio-card fields, when a post carries a value that is not an option. */
export const CHOICE_MESSAGES = {
  profileType: "Escolha o tipo de cadastro: Voluntário ou Instituição.",
  volunteeringType: "Escolha o tipo de voluntariado: Presencial, Online ou Ambos.",
  permitDivulgation: "Responda se a instituição pode ser divulgada: Sim ou Não.",
} as const;

/** Brazilian phone: area code plus 8 or 9 digits; stored as digits with the country code 55. */
export function phoneField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .transform((value) => value.replace(/\D/g, ""))
    .transform((digits) =>
      digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits,
    )
    .refine((digits) => digits.length > 0, requiredMessage)
    .refine(
      (digits) => /^[1-9][0-9][2-9][0-9]{7,8}$/.test(digits),
      "Telefone inválido. Informe o DDD e o número.",
    )
    .transform((digits) => `55${digits}`);
}

/** CNPJ in the official format, numeric or alphanumeric (July 2026), check digits verified. */
export function cnpjField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .transform((value) => value.toUpperCase().replace(/[^0-9A-Z]/g, ""))
    .refine((value) => value.length > 0, requiredMessage)
    .refine((value) => cnpjValidator.isValid(value), "CNPJ inválido.");
}

/**
 * A file input: present when a non-empty file was chosen, or a photo staged by the browser
 * (docs/decisions/0029; only `withStagedImageFields` makes one). The bytes are checked on the
 * server; a staged photo is claimed there only by its own uploader.
 */
export function imageField(requiredMessage: string) {
  return z.custom<File | StagedImage>(
    (value) =>
      value instanceof StagedImage ||
      (typeof File !== "undefined" && value instanceof File && value.size > 0),
    requiredMessage,
  );
}

/** `schema` reading a staged photo's token (the hidden field) as a choice of `imageFields`. */
export function withStagedImageFields<S extends z.ZodType>(
  schema: S,
  imageFields: readonly string[],
) {
  return z.preprocess((input) => withStagedImages(input, imageFields), schema);
}
