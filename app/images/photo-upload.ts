import {
  COVER_MIN_HEIGHT_PX,
  COVER_MIN_WIDTH_PX,
  IMAGE_MAX_UPLOAD_BYTES,
  PROFILE_IMAGE_MAX_PX,
} from "~/config/constants";
import { IMAGE_TOO_LARGE, IMAGE_UPLOAD_FAILED, NOT_AN_IMAGE } from "./image-messages";
import { IMAGE_WIDTHS } from "./image-widths";

/**
 * The browser's side of a photo upload (docs/decisions/0029): check the chosen file, downsize
 * and re-encode it on a canvas (the EXIF orientation applied by createImageBitmap), and upload it
 * at once to /auth/fotos with XMLHttpRequest, whose upload events give real progress (fetch gives
 * none). The server runs it through the same pipeline as a file posted with a form.
 */

export type PhotoKind = "profile" | "cover";

/** JPG and PNG only (docs/spec.md): the picker's `accept` and the first check. */
export const ACCEPTED_PHOTO_TYPES = ["image/png", "image/jpeg"] as const;

/** docs/spec.md: profile photos are compressed to quality 0.5. */
const PROFILE_QUALITY = 0.5;
/**
 * Covers are drawn up to 1 200 px wide, where quality 0.5 shows blocks; the server encodes them
 * once more. 0.8 keeps a 1 200 px phone photo at a few hundred KB.
 */
const COVER_QUALITY = 0.8;

/** The widest copy the site serves of a picture (`/imagens/<id>?w=`): a cover is never drawn wider. */
const COVER_WIDTH = Math.max(...IMAGE_WIDTHS);
/** The banner's height at that width (851 x 315 proportions). */
const COVER_HEIGHT = Math.round((COVER_WIDTH * COVER_MIN_HEIGHT_PX) / COVER_MIN_WIDTH_PX);

/**
 * The size to draw a `width` x `height` picture at, keeping its proportions and never enlarging:
 * a profile photo fits inside 800 x 800 (docs/spec.md); a cover just covers the banner at the
 * widest width the site serves (1 200 x 444), so the server can still crop it to the banner.
 */
export function downsizedSize(
  width: number,
  height: number,
  kind: PhotoKind,
): { width: number; height: number } {
  const scale =
    kind === "profile"
      ? Math.min(PROFILE_IMAGE_MAX_PX / width, PROFILE_IMAGE_MAX_PX / height, 1)
      : Math.min(Math.max(COVER_WIDTH / width, COVER_HEIGHT / height), 1);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** A file refused in the browser or by the server, with the message to show. */
export class PhotoRefused extends Error {}

/** The refusal a chosen file meets before anything is decoded, or null. */
export function checkChosenFile(file: { type: string; size: number }): string | null {
  if (!(ACCEPTED_PHOTO_TYPES as readonly string[]).includes(file.type)) return NOT_AN_IMAGE;
  if (file.size > IMAGE_MAX_UPLOAD_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

/** Whether this browser can downsize (a canvas and createImageBitmap); else the file goes as is. */
export function canDownsize(): boolean {
  return typeof createImageBitmap === "function" && typeof document !== "undefined";
}

/**
 * The photo drawn at its downsized size, the EXIF orientation applied, re-encoded: JPEG (at the
 * spec's quality for profiles), except a PNG profile picture with transparent pixels, which stays
 * PNG (an institution's logo keeps its transparent background; the server keeps it in WebP).
 * Anything transparent that becomes JPEG is drawn on white. Throws PhotoRefused(NOT_AN_IMAGE)
 * when the file does not decode.
 */
export async function downsizePhoto(file: File, kind: PhotoKind): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new PhotoRefused(NOT_AN_IMAGE);
  }
  const size = downsizedSize(bitmap.width, bitmap.height, kind);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d canvas");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  bitmap.close();

  const keepPng = kind === "profile" && file.type === "image/png" && isTransparent(context, size);
  if (!keepPng) {
    // Under whatever was transparent: white, as the pages' light background.
    context.globalCompositeOperation = "destination-over";
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, size.width, size.height);
  }
  const type = keepPng ? "image/png" : "image/jpeg";
  const quality = kind === "profile" ? PROFILE_QUALITY : COVER_QUALITY;
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  if (!blob) throw new Error("canvas encoding failed");
  return blob;
}

function isTransparent(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
): boolean {
  const { data } = context.getImageData(0, 0, size.width, size.height);
  for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha] !== 255) return true;
  return false;
}

/**
 * Uploads a downsized photo to /auth/fotos, reporting progress (0 to 100) as its bytes leave.
 * Resolves the staged photo's token; rejects with PhotoRefused and the server's message (not an
 * image, too many uploads, the image queue full...) or, when the connection fails, a message that
 * says so.
 */
export function uploadPhoto(
  photo: Blob,
  kind: PhotoKind,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/auth/fotos");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const body = request.response as { token?: string; error?: string } | null;
      if (request.status === 200 && body?.token) return resolve(body.token);
      const message =
        body?.error ?? (request.status === 413 ? IMAGE_TOO_LARGE : IMAGE_UPLOAD_FAILED);
      reject(new PhotoRefused(message));
    };
    request.onerror = () => reject(new PhotoRefused(IMAGE_UPLOAD_FAILED));
    const form = new FormData();
    form.append("tipo", kind);
    form.append("foto", photo, photo.type === "image/png" ? "foto.png" : "foto.jpg");
    request.send(form);
  });
}
