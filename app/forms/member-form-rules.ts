import { z } from "zod";
import type { TextKind } from "~/lib/plain-text";
import { FILL_ALL_DATA } from "./missing-fields";
import { removedFieldName } from "./removed-image-field";
import { StagedImage, withStagedImages } from "./staged-image-field";
import { requiredText } from "./text-fields";

/**
 * Rules shared by the member-area forms (edit profiles, create and edit events). docs/spec.md 5 gives
 * them one message for any missing field; lengths get their own messages so a person knows what
 * to shorten.
 */

export const PROFILE_MESSAGES = {
  saved: "Perfil alterado com sucesso.",
  failed: "Ocorreu um erro ao editar o perfil. Tente novamente mais tarde.",
} as const;

/**
 * Stands for "the image already saved stays" in a parsed form. A symbol, not a string: a post
 * only carries strings and files, so only withSavedImages (which knows whether an image is on
 * file) can produce it; a posted "saved" is just text where a file goes.
 */
export const KEEP_SAVED_IMAGE: unique symbol = Symbol("keep the saved image");
/** A new file, a photo the browser staged (docs/decisions/0029), or the saved one. */
export type ImageChoice = File | StagedImage | typeof KEEP_SAVED_IMAGE;

/**
 * A required text with the form's one "missing" message, the text rule of its kind (ADR 0066)
 * and optional length rules. Trimmed, so a field of spaces counts as empty.
 */
export function memberText(
  kind: TextKind,
  subject: string,
  limits: { max: number; tooLong: string; min?: number; tooShort?: string },
) {
  const { tooLong, tooShort } = limits;
  return requiredText(kind, subject, { required: FILL_ALL_DATA, tooLong, tooShort }, limits);
}

/** A new image file or the saved one; missing (or removed) means "Informe todos os dados". */
export function imageChoice() {
  return z.custom<ImageChoice>(
    (value) =>
      value === KEEP_SAVED_IMAGE ||
      value instanceof StagedImage ||
      (typeof File !== "undefined" && value instanceof File && value.size > 0),
    FILL_ALL_DATA,
  );
}

/**
 * Wraps a form schema so that an image field left empty counts as present when an image is on
 * file and was not removed ("Excluir foto"). `saved` names the image fields and whether each
 * has a saved image; the same wrapper runs in the browser and in the action. Text posted in an
 * image field (a forged "saved") counts as nothing. The action's save checks again, inside its
 * transaction, that the record still has the image (stored-images.server.ts).
 */
export function withSavedImages<S extends z.ZodType>(schema: S, saved: Record<string, boolean>) {
  return z.preprocess((input) => {
    // A staged photo's token (the hidden field) is a new choice, like a file.
    const values = withStagedImages(input, Object.keys(saved));
    for (const [field, onFile] of Object.entries(saved)) {
      if (typeof values[field] === "string") delete values[field];
      const removed = values[removedFieldName(field)] === "true";
      if (values[field] === undefined && onFile && !removed) values[field] = KEEP_SAVED_IMAGE;
    }
    return values;
  }, schema);
}

/** State and city, both required with the form's one message; the city is checked against IBGE later. */
export const memberLocation = {
  uf: z.string({ error: FILL_ALL_DATA }).regex(/^[A-Z]{2}$/, FILL_ALL_DATA),
  city: z.string({ error: FILL_ALL_DATA }).trim().min(1, FILL_ALL_DATA),
};

export const UNKNOWN_CITY = "Selecione seu estado e cidade.";
