import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users, volunteers } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";

export interface VolunteerProfile {
  name: string;
  uf: string;
  city: string;
  summary: string;
  photoUrl: string | null;
}

/** The signed-in volunteer's own profile (by their user id only). */
/** Throws when the row is missing: a signed-in volunteer always has one. */
export async function getVolunteerProfile(userId: string): Promise<VolunteerProfile> {
  const [row] = await db()
    .select({
      name: users.name,
      uf: volunteers.state,
      city: volunteers.city,
      summary: volunteers.summary,
      photo: volunteers.photoImageId,
    })
    .from(volunteers)
    .innerJoin(users, eq(users.id, volunteers.userId))
    .where(eq(volunteers.userId, userId))
    .limit(1);
  if (!row) throw new Error(`volunteer ${userId} has no profile row`);
  const { photo, ...profile } = row;
  return { ...profile, photoUrl: photo ? imageUrl(photo) : null };
}

/**
 * Saves the volunteer's profile and their display name (users.name, shown in the header) in one
 * transaction; a new photo replaces the old one, whose row is deleted.
 */
export async function updateVolunteerProfile(
  userId: string,
  input: { name: string; uf: string; city: string; summary: string; photo: PreparedImage },
): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({ photo: volunteers.photoImageId })
      .from(volunteers)
      .where(eq(volunteers.userId, userId))
      .for("update");
    if (!current) throw new Error("volunteer profile not found");
    const photo = await storeImage(tx, userId, input.photo, current.photo, "previewImage");
    await tx
      .update(volunteers)
      .set({
        summary: input.summary,
        state: input.uf,
        city: input.city,
        photoImageId: photo.id,
      })
      .where(eq(volunteers.userId, userId));
    await tx.update(users).set({ name: input.name }).where(eq(users.id, userId));
    await discardImages(tx, [photo.replaced]);
  });
}
