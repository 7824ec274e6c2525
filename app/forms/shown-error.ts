import type { FormError } from "~/forms/form-validation";

/**
 * A failed post's message where the page can show it: next to its field when the page renders
 * that field, otherwise as the form's own message. A post the page's forms could not have sent
 * (a forged id, a field that is not on the page) still reads as a message, never as a blank 400.
 */
export function shownError(
  error: FormError | null | undefined,
  fields: readonly string[],
): FormError | null {
  if (!error) return null;
  if (error.field === "form" || fields.includes(error.field)) return error;
  return { field: "form", message: error.message };
}
