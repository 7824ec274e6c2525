import { eq } from "drizzle-orm";
import { type CauseSlug, parseCauses, parseSkills, type SkillSlug } from "~/config/causes";
import { db } from "~/db/client.server";
import { users, volunteers } from "~/db/schema";
import type { AgeFields } from "~/guardians/age-rules";
import {
  checkGuardianAddress,
  checkGuardianChangeAllowed,
} from "~/guardians/guardian-address.server";
import { askGuardianForAccount } from "~/guardians/guardian-consent.server";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";

export interface VolunteerProfile {
  name: string;
  uf: string;
  city: string;
  summary: string;
  photoUrl: string | null;
  /** Interests and skills (ADR 0045). */
  causes: CauseSlug[];
  skills: SkillSlug[];
  /** 'AAAA-MM-DD', null until given (ADR 0050), and a minor's guardian. */
  birthDate: string | null;
  guardianName: string | null;
  guardianEmail: string | null;
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
      causes: volunteers.causes,
      skills: volunteers.skills,
      birthDate: volunteers.birthDate,
      guardianName: volunteers.guardianName,
      guardianEmail: volunteers.guardianEmail,
    })
    .from(volunteers)
    .innerJoin(users, eq(users.id, volunteers.userId))
    .where(eq(volunteers.userId, userId))
    .limit(1);
  if (!row) throw new Error(`volunteer ${userId} has no profile row`);
  const { photo, causes, skills, ...profile } = row;
  return {
    ...profile,
    photoUrl: photo ? imageUrl(photo) : null,
    causes: parseCauses(causes),
    skills: parseSkills(skills),
  };
}

/**
 * Saves the volunteer's profile and their display name (users.name, shown in the header) in one
 * transaction; a new photo replaces the old one, whose row is deleted.
 */
export async function updateVolunteerProfile(
  userId: string,
  input: {
    name: string;
    uf: string;
    city: string;
    summary: string;
    photo: PreparedImage;
    /** Left as they are when not given. */
    causes?: CauseSlug[];
    skills?: SkillSlug[];
    age?: AgeFields;
  },
): Promise<void> {
  await db().transaction(async (tx) => {
    const [current] = await tx
      .select({
        photo: volunteers.photoImageId,
        guardianEmail: volunteers.guardianEmail,
        email: users.email,
      })
      .from(volunteers)
      .innerJoin(users, eq(users.id, volunteers.userId))
      .where(eq(volunteers.userId, userId))
      .for("update", { of: volunteers });
    if (!current) throw new Error("volunteer profile not found");
    const photo = await storeImage(tx, userId, input.photo, current.photo, "previewImage");
    await tx
      .update(volunteers)
      .set({
        summary: input.summary,
        state: input.uf,
        city: input.city,
        photoImageId: photo.id,
        ...(input.causes ? { causes: input.causes } : {}),
        ...(input.skills ? { skills: input.skills } : {}),
        ...(input.age ? ageChanges(input.age, current.guardianEmail) : {}),
      })
      .where(eq(volunteers.userId, userId));
    const guardian = input.age;
    if (guardian?.guardianName && guardian.guardianEmail) {
      if (guardian.guardianEmail !== current.guardianEmail) {
        // Another guardian (or the first one): their consent is asked afresh, of a third
        // party's address, a few times a day at most (ADR 0069).
        await checkGuardianAddress(tx, {
          ownEmail: current.email,
          guardianEmail: guardian.guardianEmail,
        });
        await checkGuardianChangeAllowed(tx, { volunteerId: userId, now: new Date() });
        await askGuardianForAccount(tx, {
          volunteerId: userId,
          volunteerName: input.name,
          guardianName: guardian.guardianName,
          guardianEmail: guardian.guardianEmail,
        });
      }
    }
    await tx.update(users).set({ name: input.name }).where(eq(users.id, userId));
    await discardImages(tx, [photo.replaced]);
  });
}

/**
 * The age columns an edit writes: a new guardian's e-mail clears the previous consent (the new
 * guardian is asked); an adult keeps no guardian.
 */
function ageChanges(age: AgeFields, savedGuardianEmail: string | null) {
  const guardianChanged = age.guardianEmail !== savedGuardianEmail;
  return {
    birthDate: age.birthDate,
    guardianName: age.guardianName,
    guardianEmail: age.guardianEmail,
    ...(guardianChanged
      ? { guardianConsentedAt: null, guardianConsentIp: null, guardianConsentName: null }
      : {}),
  };
}
