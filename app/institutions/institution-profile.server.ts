import { eq } from "drizzle-orm";
import {
  type InstitutionStatus,
  VOLUNTEERING_TYPES,
  type VolunteeringTypeLabel,
} from "~/config/constants";
import { db } from "~/db/client.server";
import { institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";

/** The institution's own profile, always looked up by the signed-in user's id. */

export async function findInstitutionStatus(userId: string): Promise<InstitutionStatus | null> {
  const [row] = await db()
    .select({ status: institutions.status })
    .from(institutions)
    .where(eq(institutions.userId, userId))
    .limit(1);
  return (row?.status as InstitutionStatus | undefined) ?? null;
}

export interface InstitutionProfile {
  profileImageUrl: string | null;
  coverImageUrl: string | null;
  values: {
    resume: string;
    about: string;
    contactEmail: string;
    volunteeringType: VolunteeringTypeLabel;
  };
}

const LABEL_BY_TYPE = Object.fromEntries(
  Object.entries(VOLUNTEERING_TYPES).map(([label, type]) => [type, label]),
) as Record<string, VolunteeringTypeLabel>;

/** Throws when the row is missing: a signed-in institution always has one. */
export async function getInstitutionProfile(userId: string): Promise<InstitutionProfile> {
  const [row] = await db()
    .select({
      profile: institutions.profileImageId,
      cover: institutions.coverImageId,
      resume: institutions.summary,
      about: institutions.about,
      contactEmail: institutions.contactEmail,
      volunteeringType: institutions.volunteeringType,
    })
    .from(institutions)
    .where(eq(institutions.userId, userId))
    .limit(1);
  if (!row) throw new Error(`institution ${userId} has no profile row`);
  const { profile, cover, volunteeringType, ...texts } = row;
  return {
    profileImageUrl: profile ? imageUrl(profile) : null,
    coverImageUrl: cover ? imageUrl(cover) : null,
    values: { ...texts, volunteeringType: LABEL_BY_TYPE[volunteeringType] ?? "Presencial" },
  };
}

/**
 * Saves the institution's photos, texts, contact e-mail and volunteering type in one
 * transaction; replaced images are deleted with it.
 */
export async function updateInstitutionProfile(
  userId: string,
  input: {
    profileImage: PreparedImage;
    coverImage: PreparedImage;
    resume: string;
    about: string;
    contactEmail: string;
    volunteeringType: VolunteeringTypeLabel;
  },
): Promise<void> {
  await db().transaction(async (tx) => {
    const mine = eq(institutions.userId, userId);
    const [current] = await tx
      .select({ profile: institutions.profileImageId, cover: institutions.coverImageId })
      .from(institutions)
      .where(mine)
      .for("update");
    if (!current) throw new Error("institution profile not found");
    const profile = await storeImage(
      tx,
      userId,
      input.profileImage,
      current.profile,
      "previewImage",
    );
    const cover = await storeImage(tx, userId, input.coverImage, current.cover, "landingImage");
    await tx
      .update(institutions)
      .set({
        profileImageId: profile.id,
        coverImageId: cover.id,
        summary: input.resume,
        about: input.about,
        contactEmail: input.contactEmail,
        volunteeringType: VOLUNTEERING_TYPES[input.volunteeringType],
      })
      .where(mine);
    await discardImages(tx, [profile.replaced, cover.replaced]);
  });
}
