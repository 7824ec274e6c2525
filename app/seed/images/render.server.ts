import { createHash } from "node:crypto";
import type { ProcessedImage } from "~/images/pipeline.server";
import { loadSharp } from "~/images/sharp.server";

/** Renders SVG to WebP, shaped like an upload after the image pipeline (`images` columns). */
export async function renderSvg(svg: string): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  // Callers start many renders at once: libvips spreads them over the cores.
  const { data, info } = await sharp(Buffer.from(svg))
    .webp({ quality: 80, effort: 1 })
    .toBuffer({ resolveWithObject: true });
  const sha256 = createHash("sha256").update(data).digest("hex");
  return { bytes: data, contentType: "image/webp", width: info.width, height: info.height, sha256 };
}
