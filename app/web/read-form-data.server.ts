import { data } from "react-router";
import { waitForTurn } from "~/lib/event-loop-turn";

/** What a person sees when a post cannot be read as a form (cut off, mislabelled, not a form). */
export const UNREADABLE_FORM_MESSAGE =
  "Não foi possível ler o formulário enviado. Volte à página anterior e tente de novo.";

/**
 * The post's form fields. A body that is not a form (another content type, a broken or cut
 * multipart body) is the sender's fault: a 400 with a pt-BR message instead of a 500. So is a
 * NUL character in a text field: nobody types one, and PostgreSQL cannot store it.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  // Parsing a form of photos copies megabytes: a turn of its own (app/lib/event-loop-turn).
  await waitForTurn();
  try {
    formData = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
  for (const [name, value] of formData) {
    if ((typeof value === "string" && value.includes("\u0000")) || name.includes("\u0000")) {
      throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
    }
  }
  return formData;
}
