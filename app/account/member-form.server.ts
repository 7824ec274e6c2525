import { data, redirect } from "react-router";
import { resolveMunicipality } from "~/geo/localities.server";
import { type ImageKind, ImageRejectedError, uploadQuota } from "~/images/pipeline.server";
import { flashCookie } from "~/lib/flash.server";
import { echoValues, type FormError } from "~/lib/forms";
import { log } from "~/lib/log.server";
import { FILL_ALL_DATA, type ImageChoice, UNKNOWN_CITY } from "./form-rules";
import { type PreparedImage, prepareImage, SavedImageMissingError } from "./stored-images.server";

/**
 * The action side of the member-area forms: a failed post answers with the message and the
 * typed text (so a no-JavaScript browser refills the form), a success leaves a flash message
 * and goes back.
 */

export type FormFailure = { error: FormError; values: Record<string, string> };

/** A refusal the form shows: its message, and the status (and headers) the answer carries. */
export interface FormRefusal {
  ok: false;
  error: FormError;
  status?: number;
  headers?: Record<string, string>;
}

export function formFailure(
  formData: FormData,
  error: FormError,
  status = 400,
  headers?: Record<string, string>,
) {
  return data<FormFailure>({ error, values: echoValues(formData) }, { status, headers });
}

/** formFailure for a refusal from validation, the city check or the images. */
export function refusal(formData: FormData, refused: FormRefusal) {
  return formFailure(formData, refused.error, refused.status, refused.headers);
}

export function redirectWithFlash(to: string, message: string): never {
  throw redirect(to, {
    headers: { "Set-Cookie": flashCookie({ message, tone: "success" }) },
  });
}

/** The IBGE spelling of the chosen city, or the form error that says to pick one. */
export function resolveCity(
  uf: string,
  city: string,
): { ok: true; city: string } | { ok: false; error: FormError } {
  const resolved = resolveMunicipality(uf, city);
  return resolved
    ? { ok: true, city: resolved }
    : { ok: false, error: { field: "uf", message: UNKNOWN_CITY } };
}

/**
 * Runs each chosen image through the pipeline, counted against `uploaderId`'s upload limit. A
 * rejected file becomes its field's message ("O arquivo enviado não é uma imagem.") with its
 * status (429 past the upload limit, 503 when the image queue is full), and nothing is saved:
 * the previous image stays.
 */
export async function prepareImages<K extends string>(
  uploaderId: string,
  choices: Record<K, { choice: ImageChoice; kind: ImageKind }>,
): Promise<{ ok: true; images: Record<K, PreparedImage> } | FormRefusal> {
  const quota = uploadQuota.account(uploaderId);
  const prepared = {} as Record<K, PreparedImage>;
  for (const [field, { choice, kind }] of Object.entries(choices) as [
    K,
    { choice: ImageChoice; kind: ImageKind },
  ][]) {
    try {
      prepared[field] = await prepareImage(choice, kind, quota);
    } catch (error) {
      if (error instanceof ImageRejectedError) {
        const { status, headers } = error;
        return { ok: false, error: { field, message: error.message }, status, headers };
      }
      throw error;
    }
  }
  return { ok: true, images: prepared };
}

/**
 * Runs the save; an unexpected failure is logged and answered with the form's failure message
 * (the form keeps what was typed). A kept image the record no longer has is the form's
 * "Informe todos os dados". Returns the failure response, or null when it was saved.
 */
export async function saveOrFail(
  formData: FormData,
  what: string,
  failureMessage: string,
  save: () => Promise<unknown>,
) {
  try {
    await save();
    return null;
  } catch (error) {
    const missing = savedImageMissing(formData, error);
    if (missing) return missing;
    log.error({ err: error, form: what }, "form save failed");
    return formFailure(formData, { field: "form", message: failureMessage }, 500);
  }
}

/** The answer to SavedImageMissingError, or null for any other error. */
export function savedImageMissing(formData: FormData, error: unknown) {
  if (!(error instanceof SavedImageMissingError)) return null;
  return formFailure(formData, { field: error.field, message: FILL_ALL_DATA });
}
