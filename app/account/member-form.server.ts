import type { FormError } from "~/forms/form-validation";
import { type ImageChoice, UNKNOWN_CITY } from "~/forms/member-form-rules";
import { resolveMunicipality } from "~/geo/localities.server";
import { type ImageKind, uploadQuota } from "~/images/pipeline.server";
import { uploaderOf } from "~/images/staged-images.server";
import { type PreparedImage, prepareImage } from "~/images/stored-images.server";
import { AppError, type AppErrorCode } from "~/lib/app-error";

/**
 * The checks the member-area forms share beyond their schemas (the city, the images), as plain
 * results; the routes' controller (routes/app.member-form.server.ts) turns them into answers.
 */

/**
 * A refusal the form shows: its message, and what kind of refusal it is (AppError's code, "invalid"
 * when absent; the route answers with its status), with how long to wait when that matters.
 */
export interface FormRefusal {
  ok: false;
  error: FormError;
  code?: AppErrorCode;
  retryAfterSeconds?: number;
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
 * code ("rate-limited" past the upload limit, "unavailable" when the image queue is full), and nothing is saved:
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
      prepared[field] = await prepareImage(choice, kind, quota, uploaderOf.user(uploaderId));
    } catch (error) {
      if (error instanceof AppError) {
        const { code, retryAfterSeconds } = error;
        return { ok: false, error: { field, message: error.message }, code, retryAfterSeconds };
      }
      throw error;
    }
  }
  return { ok: true, images: prepared };
}
