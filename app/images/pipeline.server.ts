import { createHash } from "node:crypto";
import sharp from "sharp";
import {
  COVER_MIN_HEIGHT_PX,
  COVER_MIN_WIDTH_PX,
  IMAGE_MAX_UPLOAD_BYTES,
  PROFILE_IMAGE_MAX_PX,
} from "~/config/constants";

export const NOT_AN_IMAGE = "O arquivo enviado não é uma imagem.";
export const IMAGE_TOO_LARGE = "A imagem deve ter no máximo 5 MB.";
export const IMAGE_TOO_MANY_PIXELS = "A imagem tem dimensões grandes demais. Envie uma foto menor.";

/** Refuses decompression bombs before decoding: 40 megapixels is well above any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;

export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
}

export type ImageKind = "profile" | "cover";

export interface ProcessedImage {
  bytes: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
  sha256: string;
}

/** PNG and JPEG only, judged by their first bytes, never by name or declared type. */
function sniff(bytes: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  return null;
}

/**
 * The upload pipeline: size limit, magic-byte check, decode with a pixel limit, apply the EXIF
 * orientation, resize, and re-encode as WebP. Re-encoding drops every metadata block (EXIF, GPS,
 * XMP) and anything smuggled after the image data. Profile photos fit in 800x800; covers fit in
 * twice the 851x315 banner, so they stay sharp on dense screens.
 */
export async function processImageUpload(file: Blob, kind: ImageKind): Promise<ProcessedImage> {
  if (file.size > IMAGE_MAX_UPLOAD_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE);
  const input = new Uint8Array(await file.arrayBuffer());
  if (!sniff(input)) throw new ImageRejectedError(NOT_AN_IMAGE);

  const box =
    kind === "profile"
      ? { width: PROFILE_IMAGE_MAX_PX, height: PROFILE_IMAGE_MAX_PX }
      : { width: COVER_MIN_WIDTH_PX * 2, height: COVER_MIN_HEIGHT_PX * 2 };
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "error",
    })
      .rotate()
      .resize({ ...box, fit: kind === "profile" ? "inside" : "cover", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType: "image/webp",
      width: info.width,
      height: info.height,
      sha256: createHash("sha256").update(data).digest("hex"),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (/pixel limit/i.test(message)) throw new ImageRejectedError(IMAGE_TOO_MANY_PIXELS);
    throw new ImageRejectedError(NOT_AN_IMAGE);
  }
}
