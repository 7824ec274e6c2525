import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { images, users } from "~/db/schema";
import { isUuid } from "~/lib/uuid";
import { imageJobs } from "./image-jobs.server";
import type { ImageWidth } from "./image-widths";
import { loadSharp } from "./sharp.server";

export { IMAGE_WIDTHS, type ImageWidth, isImageWidth } from "./image-widths";

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  sha256: string;
  width: number;
  ownerId: string | null;
  /**
   * A volunteer's photo: personal data, shown only to its owner (and admins), never cached by
   * shared caches. Institutions' logos and covers and events' covers are public, as are images
   * without an owner (the bulk seed's shared artwork). docs/decisions/0018.
   */
  personal: boolean;
}

/** The stored image, or null for an unknown or malformed id. */
export async function findImage(id: string): Promise<StoredImage | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      bytes: images.bytes,
      contentType: images.contentType,
      sha256: images.sha256,
      width: images.width,
      ownerId: images.ownerId,
      ownerProfile: users.profile,
    })
    .from(images)
    .leftJoin(users, eq(users.id, images.ownerId))
    .where(eq(images.id, id))
    .limit(1);
  if (!row) return null;
  const { ownerProfile, ...image } = row;
  return { ...image, personal: ownerProfile === "VOLUNTEER" };
}

/** Whether `viewer` may see the image: anyone for a public one; its owner or an admin otherwise. */
export function canSeeImage(
  image: Pick<StoredImage, "ownerId" | "personal">,
  viewer: { id: string; role: string } | null,
): boolean {
  if (!image.personal) return true;
  return viewer !== null && (viewer.id === image.ownerId || viewer.role === "ADMIN");
}

/** `/imagens/<id>`, or the variant at most `width` pixels wide. */
export function imageUrl(id: string, width?: ImageWidth): string {
  return width ? `/imagens/${id}?w=${width}` : `/imagens/${id}`;
}

/** Resized variants by "sha256:width", oldest first; bounded so memory stays small. */
const variants = new Map<string, Buffer>();
const VARIANT_CACHE_BYTES = 24 * 1024 * 1024;
let cachedBytes = 0;

/**
 * The image scaled down to `width` (WebP), or the original when it is not wider than that.
 * Variants are made once per process and kept in a small in-memory LRU; the HTTP response of a
 * public image is cached for a year anyway, so each browser asks at most once.
 */
export async function resizeImage(
  image: StoredImage,
  width: ImageWidth,
): Promise<{ bytes: Buffer; contentType: string; etag: string }> {
  if (image.width <= width) {
    return { bytes: image.bytes, contentType: image.contentType, etag: `"${image.sha256}"` };
  }
  const key = `${image.sha256}:${width}`;
  let bytes = variants.get(key);
  if (bytes) {
    variants.delete(key);
    variants.set(key, bytes);
  } else {
    // Through the image queue, ahead of uploads; a full queue throws AppError "unavailable".
    bytes = await imageJobs.run("resize", async () => {
      const sharp = await loadSharp();
      return sharp(image.bytes).resize({ width }).webp({ quality: 75 }).toBuffer();
    });
    remember(key, bytes);
  }
  return { bytes, contentType: "image/webp", etag: `"${image.sha256}-w${width}"` };
}

function remember(key: string, bytes: Buffer): void {
  variants.set(key, bytes);
  cachedBytes += bytes.length;
  for (const [oldKey, oldBytes] of variants) {
    if (cachedBytes <= VARIANT_CACHE_BYTES) break;
    variants.delete(oldKey);
    cachedBytes -= oldBytes.length;
  }
}
