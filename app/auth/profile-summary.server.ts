import { eq } from "drizzle-orm";
import type { SessionUser } from "~/auth/session-user";
import type { InstitutionStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { institutions, volunteers } from "~/db/schema";
import { imageUrl } from "~/images/images.server";

export interface ProfileSummary {
  name: string;
  email: string;
  photoUrl: string | null;
  /** Institutions only: where their review stands. */
  institutionStatus: InstitutionStatus | null;
}

/** Name, e-mail and photo of the signed-in person (header, homes); one indexed lookup. */
export async function profileSummary(user: SessionUser): Promise<ProfileSummary> {
  const base = { name: user.name, email: user.email, photoUrl: null, institutionStatus: null };
  if (user.role !== "USER") return base;
  if (user.profile === "VOLUNTEER") {
    const [row] = await db()
      .select({ photo: volunteers.photoImageId })
      .from(volunteers)
      .where(eq(volunteers.userId, user.id))
      .limit(1);
    return { ...base, photoUrl: row?.photo ? imageUrl(row.photo) : null };
  }
  const [row] = await db()
    .select({
      name: institutions.name,
      photo: institutions.profileImageId,
      status: institutions.status,
    })
    .from(institutions)
    .where(eq(institutions.userId, user.id))
    .limit(1);
  return {
    ...base,
    name: row?.name ?? user.name,
    photoUrl: row?.photo ? imageUrl(row.photo) : null,
    institutionStatus: (row?.status as InstitutionStatus | undefined) ?? null,
  };
}
