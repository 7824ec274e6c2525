import { data } from "react-router";
import type { FormRefusal } from "~/account/member-form.server";
import { echoValues, type FormError } from "~/forms/form-validation";
import { log } from "~/lib/log.server";
import { answerFor, refusalOf } from "~/web/app-error.server";

/**
 * The action side of the member-area forms (profiles, events): a failed post answers with the
 * message and the typed text (so a no-JavaScript browser refills the form); a success leaves a
 * flash message and goes back (web/flash.server.ts).
 */

export type FormFailure = { error: FormError; values: Record<string, string> };

export function formFailure(
  formData: FormData,
  error: FormError,
  status = 400,
  headers?: HeadersInit,
) {
  return data<FormFailure>({ error, values: echoValues(formData) }, { status, headers });
}

/** formFailure for a refusal from validation, the city check or the images. */
export function refusal(formData: FormData, refused: FormRefusal) {
  const { status, headers } = answerFor(refused.code ?? "invalid", refused.retryAfterSeconds);
  return formFailure(formData, refused.error, status, headers);
}

/**
 * Runs the save. A refusal from the domain (AppError: a kept image the record no longer has, an
 * event no longer editable) is answered with its message and status; anything else is logged
 * and answered with the form's failure message. The form keeps what was typed. Returns the
 * failure response, or null when it was saved.
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
    const refused = refusalOf(error);
    if (refused) return formFailure(formData, refused.error, refused.status, refused.headers);
    log.error({ err: error, form: what }, "form save failed");
    return formFailure(formData, { field: "form", message: failureMessage }, 500);
  }
}
