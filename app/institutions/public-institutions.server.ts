import { asc, eq } from "drizzle-orm";
import { LANDING_INSTITUTIONS } from "~/config/constants";
import { db } from "~/db/client.server";
import { institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";

export interface InstitutionCard {
  id: string;
  name: string;
  summary: string;
  city: string;
  state: string;
  coverUrl: string | null;
  logoUrl: string | null;
}

/** The landing page's approved institutions (SPEC.md: three, approved only). */
export async function listFeaturedInstitutions(
  limit = LANDING_INSTITUTIONS,
): Promise<InstitutionCard[]> {
  const rows = await db()
    .select({
      id: institutions.userId,
      name: institutions.name,
      summary: institutions.summary,
      city: institutions.city,
      state: institutions.state,
      coverImageId: institutions.coverImageId,
      profileImageId: institutions.profileImageId,
    })
    .from(institutions)
    .where(eq(institutions.status, "APPROVED"))
    .orderBy(asc(institutions.name))
    .limit(limit);
  return rows.map(({ coverImageId, profileImageId, ...row }) => ({
    ...row,
    coverUrl: coverImageId ? imageUrl(coverImageId) : null,
    logoUrl: profileImageId ? imageUrl(profileImageId) : null,
  }));
}
