import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { images } from "~/db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StoredImage {
  bytes: Buffer;
  contentType: string;
  sha256: string;
}

/** The stored image, or null for an unknown or malformed id. */
export async function findImage(id: string): Promise<StoredImage | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db()
    .select({ bytes: images.bytes, contentType: images.contentType, sha256: images.sha256 })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  return row ?? null;
}

export function imageUrl(id: string): string {
  return `/imagens/${id}`;
}
