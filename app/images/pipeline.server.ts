import { createHash } from "node:crypto";
import {
  COVER_MIN_HEIGHT_PX,
  COVER_MIN_WIDTH_PX,
  IMAGE_MAX_UPLOAD_BYTES,
  PROFILE_IMAGE_MAX_PX,
} from "~/config/constants";
import { AppError } from "~/lib/app-error";
import { waitForTurn } from "~/lib/event-loop-turn";
import { log } from "~/lib/log.server";
import { hitRateLimit, RATE_LIMITS, type RateLimitRule } from "~/security/rate-limit.server";
import { imageJobs } from "./image-jobs.server";
import { IMAGE_SERVER_BUSY, IMAGE_TOO_LARGE, NOT_AN_IMAGE } from "./image-messages";
import { loadSharp } from "./sharp.server";

export { IMAGE_TOO_LARGE };
export const IMAGE_TOO_MANY_PIXELS = "A imagem tem dimensões grandes demais. Envie uma foto menor.";
export const IMAGE_TOO_COSTLY =
  "A imagem é pesada demais para ser processada. Envie uma foto em JPEG ou com dimensões menores.";
export const IMAGE_UPLOADS_LIMITED =
  "Você enviou muitas imagens em pouco tempo. Aguarde alguns minutos e tente novamente.";

/** Refuses decompression bombs before decoding: 40 megapixels is well above any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The most pixel bytes one upload may make the decoder produce (docs/decisions/0017): a
 * 4000x3000 PNG with alpha (48 MB), about 0.15 s of CPU. A 16-bit PNG with alpha of 6000x6000
 * (288 MB, over a second of CPU, from a file of 300 KB) is refused from its header. JPEG is
 * decoded at 1/2, 1/4 or 1/8 of its size when the output is that much smaller, so phone photos
 * (12 megapixels, and more) stay well below it.
 */
export const MAX_DECODED_BYTES = 48 * 1024 * 1024;

/** A job past this is abandoned (a last resort: the cost limit keeps real jobs far below it). */
const JOB_TIMEOUT_SECONDS = 10;

export type ImageKind = "profile" | "cover";

export interface ProcessedImage {
  bytes: Buffer;
  contentType: "image/webp";
  width: number;
  height: number;
  sha256: string;
}

/** Whose uploads an image counts against (a rate-limit key and its rule). */
export interface UploadQuota {
  key: string;
  rule: RateLimitRule;
}

export const uploadQuota = {
  /** A signed-in person's uploads (profile edits, event covers). */
  account: (userId: string): UploadQuota => ({
    key: `image-upload:account:${userId}`,
    rule: RATE_LIMITS.imageUploadPerAccount,
  }),
  /** Sign-up photos, before any account exists: per address (IPv4 or IPv6 /64). */
  signup: (network: string): UploadQuota => ({
    key: `image-upload:network:${network}`,
    rule: RATE_LIMITS.signupImageUploadPerNetwork,
  }),
};

/** PNG and JPEG only, judged by their first bytes, never by name or declared type. */
function sniff(bytes: Uint8Array): "png" | "jpeg" | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  return null;
}

interface Box {
  width: number;
  height: number;
  fit: "inside" | "cover";
}

/** Profile photos fit in 800x800; covers fill twice the 851x315 banner (sharp on dense screens). */
function boxFor(kind: ImageKind): Box {
  return kind === "profile"
    ? { width: PROFILE_IMAGE_MAX_PX, height: PROFILE_IMAGE_MAX_PX, fit: "inside" }
    : { width: COVER_MIN_WIDTH_PX * 2, height: COVER_MIN_HEIGHT_PX * 2, fit: "cover" };
}

/** What an image's header says (sharp's metadata: read without decoding the pixels). */
export interface ImageHeader {
  width: number;
  height: number;
  channels: number;
  /** libvips' sample format: "uchar" (8 bits), "ushort" (16 bits)... */
  depth: string;
  /** EXIF orientation; 5 to 8 turn the picture a quarter. */
  orientation?: number;
}

const SAMPLE_BYTES: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * The pixel bytes decoding will produce: width x height x channels x bytes per sample, after
 * JPEG's shrink-on-load (libjpeg decodes at 1/2, 1/4 or 1/8 directly when the output is at
 * least that much smaller, as sharp does on a resize); PNG has no such shortcut.
 */
export function decodedBytes(header: ImageHeader, format: "png" | "jpeg", kind: ImageKind): number {
  const sample = SAMPLE_BYTES[header.depth] ?? 2;
  const quarterTurn = (header.orientation ?? 1) >= 5;
  const [width, height] = quarterTurn
    ? [header.height, header.width]
    : [header.width, header.height];
  let shrink = 1;
  if (format === "jpeg") {
    const box = boxFor(kind);
    const ratios = [width / box.width, height / box.height];
    const factor = box.fit === "inside" ? Math.max(...ratios) : Math.min(...ratios);
    shrink = factor >= 8 ? 8 : factor >= 4 ? 4 : factor >= 2 ? 2 : 1;
  }
  return Math.ceil(width / shrink) * Math.ceil(height / shrink) * header.channels * sample;
}

async function readHeader(input: Uint8Array): Promise<ImageHeader> {
  const sharp = await loadSharp();
  try {
    // Only the header is read: the pixel limits are checked by the caller, with its message.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    if (!metadata.width || !metadata.height || !metadata.channels) throw new Error("no size");
    return {
      width: metadata.width,
      height: metadata.height,
      channels: metadata.channels,
      depth: metadata.depth ?? "uchar",
      orientation: metadata.orientation,
    };
  } catch {
    throw new AppError("invalid", NOT_AN_IMAGE);
  }
}

/**
 * The upload pipeline: size limit, magic-byte check, header read and cost limits (pixels, and
 * the bytes decoding would produce), the uploader's quota, then, in the image queue: decode,
 * apply the EXIF orientation, resize, and re-encode as WebP. Re-encoding drops every metadata
 * block (EXIF, GPS, XMP) and anything smuggled after the image data. Every refusal is an
 * AppError with its pt-BR message ("invalid"; "rate-limited" past the quota, "unavailable" when busy); cheap refusals do not count against the quota.
 * `quota`: whose uploads this one counts against; every route passes one (tests may not).
 */
export async function processImageUpload(
  file: Blob,
  kind: ImageKind,
  options: { quota?: UploadQuota } = {},
): Promise<ProcessedImage> {
  if (file.size > IMAGE_MAX_UPLOAD_BYTES) throw new AppError("invalid", IMAGE_TOO_LARGE);
  // Copying the photo out of the form takes milliseconds: a turn of its own.
  await waitForTurn();
  const input = new Uint8Array(await file.arrayBuffer());
  const format = sniff(input);
  if (!format) throw new AppError("invalid", NOT_AN_IMAGE);

  const header = await readHeader(input);
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new AppError("invalid", IMAGE_TOO_MANY_PIXELS);
  }
  const cost = decodedBytes(header, format, kind);
  if (cost > MAX_DECODED_BYTES) {
    log.warn({ format, ...header, cost }, "image refused: decoding would cost too much");
    throw new AppError("invalid", IMAGE_TOO_COSTLY);
  }

  if (options.quota) {
    const limit = await hitRateLimit(options.quota.key, options.quota.rule);
    if (!limit.allowed) {
      log.warn({ quota: options.quota.key }, "image upload rate-limited");
      throw new AppError("rate-limited", IMAGE_UPLOADS_LIMITED, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
    }
  }

  const queuedAt = performance.now();
  // A full queue refuses at once: AppError "unavailable", Retry-After (image-jobs.server.ts).
  return imageJobs.run("upload", async () => {
    const startedAt = performance.now();
    const image = await encode(input, kind);
    log.info(
      {
        kind,
        format,
        width: header.width,
        height: header.height,
        decodedBytes: cost,
        waitedMs: Math.round(startedAt - queuedAt),
        ms: Math.round(performance.now() - startedAt),
      },
      "image processed",
    );
    return image;
  });
}

async function encode(input: Uint8Array, kind: ImageKind): Promise<ProcessedImage> {
  const { fit, ...size } = boxFor(kind);
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: "error",
    })
      .timeout({ seconds: JOB_TIMEOUT_SECONDS })
      .rotate()
      .resize({ ...size, fit, withoutEnlargement: true })
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
    if (/pixel limit/i.test(message)) throw new AppError("invalid", IMAGE_TOO_MANY_PIXELS);
    if (/timeout/i.test(message)) {
      log.error({ kind }, "image processing timed out");
      throw new AppError("unavailable", IMAGE_SERVER_BUSY, { retryAfterSeconds: 5 });
    }
    throw new AppError("invalid", NOT_AN_IMAGE);
  }
}
