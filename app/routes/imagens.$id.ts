import { findImage, isImageWidth, resizeImage } from "~/images/images.server";
import type { Route } from "./+types/imagens.$id";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

// An image id never changes content (a new upload gets a new id), so it is cached for a year.
// `?w=400` asks for a narrower copy (one of IMAGE_WIDTHS) so cards do not download banners.
export async function loader({ params, request }: Route.LoaderArgs) {
  const requestedWidth = new URL(request.url).searchParams.get("w");
  const width = requestedWidth === null ? null : Number(requestedWidth);
  if (width !== null && !isImageWidth(width)) {
    return new Response("Largura de imagem não permitida", { status: 400 });
  }
  const image = await findImage(params.id);
  if (!image) return new Response("Imagem não encontrada", { status: 404 });
  const served =
    width === null
      ? { bytes: image.bytes, contentType: image.contentType, etag: `"${image.sha256}"` }
      : await resizeImage(image, width);
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: served.etag,
    "Content-Type": served.contentType,
  };
  if (request.headers.get("if-none-match") === served.etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(served.bytes), { headers });
}
