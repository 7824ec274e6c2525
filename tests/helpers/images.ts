import sharp from "sharp";
import { IMAGE_MAX_UPLOAD_BYTES } from "~/config/constants";

/**
 * Pictures for upload tests, made on the spot: a small JPEG (optionally carrying GPS EXIF, as a
 * phone photo would), a file that only pretends to be an image, a real JPEG padded past the
 * 15 MB upload limit, and a camera-sized photo.
 */

/** Where the GPS-tagged test photo claims to have been taken (São Paulo: 23°33'S 46°38'W). */
export const TEST_GPS = { latitudeRef: "S", latitude: [23, 33, 0], longitudeRef: "W" } as const;

export async function makeJpeg(
  options: { width?: number; height?: number; withGps?: boolean; color?: string } = {},
): Promise<Buffer> {
  const { width = 320, height = 240, withGps = false, color = "#0f766e" } = options;
  const image = sharp({ create: { width, height, channels: 3, background: color } }).jpeg({
    quality: 85,
  });
  if (!withGps) return image.toBuffer();
  return image
    .withExif({
      IFD0: { Make: "Conecta Test Camera", Model: "GPS-1" },
      IFD3: {
        GPSLatitudeRef: TEST_GPS.latitudeRef,
        GPSLatitude: "23/1 33/1 0/1",
        GPSLongitudeRef: TEST_GPS.longitudeRef,
        GPSLongitude: "46/1 38/1 0/1",
      },
    })
    .toBuffer();
}

/**
 * A 16-bit PNG with alpha, `side` pixels a side (6000 by default): a few hundred KB of file that
 * decode to side x side x 4 channels x 2 bytes (288 MB). Before issue 11 each cost over a second
 * of CPU to process.
 */
export function makeCostlyPng(side = 6000): Promise<Buffer> {
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 4,
      background: { r: 200, g: 30, b: 90, alpha: 0.5 },
    },
  })
    .toColourspace("rgb16")
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** 4000x3000 of grain: `sigma` of noise, blurred or not, at a JPEG `quality`. */
function grain(sigma: number, quality: number, blur?: number): Promise<Buffer> {
  const image = sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma },
    },
  });
  return (blur ? image.blur(blur) : image).jpeg({ quality }).toBuffer();
}

/** A 4000x3000 photo of grain, as a 12-megapixel phone camera takes (about 2 MB of JPEG). */
export function makePhonePhoto(): Promise<Buffer> {
  return grain(30, 85, 1.2);
}

/** Plain text with a .png name: the browser believes the name, the server must not. */
export const FAKE_PNG = {
  name: "foto.png",
  mimeType: "image/png",
  buffer: Buffer.from("Isto não é uma imagem, é só um texto com nome de foto.\n".repeat(20)),
};

/** A valid JPEG followed by padding, so the file is just over the upload limit (15 MB). */
export async function makeOversizedJpeg(): Promise<Buffer> {
  const jpeg = await makeJpeg();
  return Buffer.concat([jpeg, Buffer.alloc(IMAGE_MAX_UPLOAD_BYTES + 1024 - jpeg.length, 0)]);
}

/**
 * A camera photo as a phone takes it: 4 000 x 3 000 of unblurred grain at quality 93, about 9 MB
 * of JPEG (random noise barely compresses, so the file is really that large).
 */
export function makeCameraPhoto(): Promise<Buffer> {
  return grain(50, 93);
}

export interface GpsTags {
  latitudeRef?: string;
  latitude?: number[];
  longitudeRef?: string;
}

/**
 * The GPS block of an image's EXIF, read straight from the TIFF structure (IFD0 → tag 0x8825 →
 * GPS IFD), or null when the image has no EXIF or no GPS block. Enough to prove a test photo
 * really carries a location before the pipeline sees it.
 */
export async function readGpsTags(image: Buffer): Promise<GpsTags | null> {
  const { exif } = await sharp(image).metadata();
  if (!exif) return null;
  const tiffStart = exif.subarray(0, 6).toString("latin1") === "Exif\0\0" ? 6 : 0;
  const tiff = exif.subarray(tiffStart);
  const little = tiff.subarray(0, 2).toString("latin1") === "II";
  const u16 = (offset: number) => (little ? tiff.readUInt16LE(offset) : tiff.readUInt16BE(offset));
  const u32 = (offset: number) => (little ? tiff.readUInt32LE(offset) : tiff.readUInt32BE(offset));

  const entries = (ifdOffset: number) =>
    Array.from({ length: u16(ifdOffset) }, (_, index) => {
      const at = ifdOffset + 2 + index * 12;
      return { tag: u16(at), type: u16(at + 2), count: u32(at + 4), valueAt: at + 8 };
    });

  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  if (!gpsPointer) return null;
  const tags: GpsTags = {};
  for (const entry of entries(u32(gpsPointer.valueAt))) {
    // ASCII values of up to 4 bytes sit in the entry itself; rationals live at an offset.
    if (entry.tag === 1)
      tags.latitudeRef = tiff.toString("latin1", entry.valueAt, entry.valueAt + 1);
    if (entry.tag === 3)
      tags.longitudeRef = tiff.toString("latin1", entry.valueAt, entry.valueAt + 1);
    if (entry.tag === 2) {
      const start = u32(entry.valueAt);
      tags.latitude = Array.from(
        { length: entry.count },
        (_, index) => u32(start + index * 8) / u32(start + index * 8 + 4),
      );
    }
  }
  return tags;
}
