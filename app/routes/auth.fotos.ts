import { stagedImageUrl } from "~/forms/staged-image-field";
import { NOT_AN_IMAGE } from "~/images/image-messages";
import { stageImage } from "~/images/staged-images.server";
import { refusalOf } from "~/web/app-error.server";
import { readFormData, UNREADABLE_FORM_MESSAGE } from "~/web/read-form-data.server";
import { clientContext } from "~/web/request-context.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/auth.fotos";
import { photoKind, photoUploader, rememberForDraft } from "./auth.fotos.server";

/**
 * POST /auth/fotos: a photo the browser downsized, uploaded as soon as it is chosen (with
 * progress), before its form is sent (docs/decisions/0029). Fields: `foto` (the file) and
 * `tipo` ("profile" or "cover"). It goes through the whole image pipeline (size, type, decoded
 * cost, the uploader's quota, the image queue) and is kept for its uploader, who gets a token to
 * post with the form: `{ token, url }`, or `{ error }` (the pt-BR message) with the refusal's status.
 */

const NO_UPLOADER = "Sua sessão expirou. Recarregue a página e escolha a foto de novo.";

const answer = (body: object, status = 200, headers?: HeadersInit) =>
  Response.json(body, {
    status,
    headers: { ...Object.fromEntries(new Headers(headers)), "Cache-Control": "private, no-store" },
  });

export function loader() {
  return new Response("Este endereço só recebe envios de fotos.\n", {
    status: 405,
    headers: {
      Allow: "POST",
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const who = await photoUploader(
    request,
    context.get(sessionContext),
    context.get(clientContext).network,
  );
  if (!who) return answer({ error: NO_UPLOADER }, 403);
  let formData: FormData;
  try {
    formData = await readFormData(request);
  } catch {
    // Not a form (cut off, mislabelled): said in JSON like every other answer here.
    return answer({ error: UNREADABLE_FORM_MESSAGE }, 400);
  }
  const kind = photoKind(formData.get("tipo"));
  const file = formData.get("foto");
  if (!kind || !(file instanceof File) || file.size === 0) {
    return answer({ error: NOT_AN_IMAGE }, 400);
  }
  try {
    const token = await stageImage(file, kind, who.uploader, who.quota);
    await rememberForDraft(who.draftId, kind, token);
    return answer({ token, url: stagedImageUrl(token) });
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return answer({ error: refused.error.message }, refused.status, refused.headers);
  }
}
