import { isStagedToken } from "~/forms/staged-image-field";
import { findStagedImage } from "~/images/staged-images.server";
import { clientContext } from "~/web/request-context.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/auth.fotos.$token";
import { photoUploader } from "./auth.fotos.server";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * GET /auth/fotos/<token>: a staged photo (docs/decisions/0029), shown as the picker's preview,
 * and only to its uploader (the signed-in person, or the sign-up draft of this browser), never
 * stored by a cache. Anyone else, and an unknown or expired token, get the same 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const who = isStagedToken(params.token)
    ? await photoUploader(request, context.get(sessionContext), context.get(clientContext).network)
    : null;
  const image = who ? await findStagedImage(params.token, who.uploader) : null;
  if (!image) {
    return new Response("Imagem não encontrada", {
      status: 404,
      headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "private, no-store",
      Vary: "Cookie",
    },
  });
}
