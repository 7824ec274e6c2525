import { canSeeImage, findImage, isImageWidth, resizeImage } from "~/images/images.server";
import { isAppError } from "~/lib/app-error";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/imagens.$id";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * An image id never changes content (a new upload gets a new id). Public images (institutions'
 * logos and covers, events' covers) are cached for a year by anyone. A volunteer's photo is
 * personal (docs/decisions/0018): only its owner and admins get it, never stored by a cache
 * (`private, no-store`, like every answer to a signed-in person); anyone else gets the same 404
 * as an unknown id. `?w=400` asks for a narrower copy (one of IMAGE_WIDTHS) so cards do not
 * download banners.
 */
const PUBLIC_CACHE = "public, max-age=31536000, immutable";
const PERSONAL_CACHE = "private, no-store";

const notFound = () =>
  new Response("Imagem não encontrada", {
    status: 404,
    headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const requestedWidth = url.searchParams.get("w");
  const width = requestedWidth === null ? null : Number(requestedWidth);
  if (width !== null && !isImageWidth(width)) {
    return new Response("Largura de imagem não permitida", { status: 400 });
  }
  const image = await findImage(params.id);
  if (!image || !canSeeImage(image, context.get(sessionContext))) return notFound();
  let served: { bytes: Buffer; contentType: string; etag: string };
  try {
    served =
      width === null
        ? { bytes: image.bytes, contentType: image.contentType, etag: `"${image.sha256}"` }
        : await resizeImage(image, width);
  } catch (error) {
    // The image queue is full (image-jobs.server.ts): the browser asks again later.
    if (!isAppError(error, "unavailable")) throw error;
    return new Response("Servidor ocupado. Tente novamente em instantes.", {
      status: 503,
      headers: { "Retry-After": String(error.retryAfterSeconds ?? 2), "Cache-Control": "no-store" },
    });
  }
  const headers: Record<string, string> = {
    "Cache-Control": image.personal ? PERSONAL_CACHE : PUBLIC_CACHE,
    ETag: served.etag,
    "Content-Type": served.contentType,
  };
  if (image.personal) headers.Vary = "Cookie";
  if (request.headers.get("if-none-match") === served.etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(served.bytes), { headers });
}
