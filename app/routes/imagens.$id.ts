import { findImage } from "~/images/images.server";
import type { Route } from "./+types/imagens.$id";

// An image id never changes content (a new upload gets a new id), so it is cached for a year.
export async function loader({ params, request }: Route.LoaderArgs) {
  const image = await findImage(params.id);
  if (!image) return new Response("Imagem não encontrada", { status: 404 });
  const etag = `"${image.sha256}"`;
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "Content-Type": image.contentType,
  };
  if (request.headers.get("if-none-match") === etag)
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.bytes), { headers });
}
