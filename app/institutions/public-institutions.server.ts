import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { LANDING_INSTITUTIONS, type VolunteeringType } from "~/config/constants";
import { db } from "~/db/client.server";
import { institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import type { ListPage } from "~/search/list-page";
import { pageWindow, toListPage } from "~/search/list-params.server";
import { searchTextMatches } from "~/search/search-match.server";
import { isUuid } from "~/search/uuid";

export interface InstitutionCard {
  id: string;
  name: string;
  summary: string;
  city: string;
  state: string;
  coverUrl: string | null;
  logoUrl: string | null;
}

export interface InstitutionFilters {
  search: string;
  uf: string;
  city: string;
  type: VolunteeringType | null;
}

const cardColumns = {
  id: institutions.userId,
  name: institutions.name,
  summary: institutions.summary,
  city: institutions.city,
  state: institutions.state,
  coverImageId: institutions.coverImageId,
  profileImageId: institutions.profileImageId,
};

function toCard({
  coverImageId,
  profileImageId,
  ...row
}: {
  id: string;
  name: string;
  summary: string;
  city: string;
  state: string;
  coverImageId: string | null;
  profileImageId: string | null;
}): InstitutionCard {
  return {
    ...row,
    coverUrl: coverImageId ? imageUrl(coverImageId) : null,
    logoUrl: profileImageId ? imageUrl(profileImageId) : null,
  };
}

/** The landing page's approved institutions (SPEC.md: three, approved only). */
export async function listFeaturedInstitutions(
  limit = LANDING_INSTITUTIONS,
): Promise<InstitutionCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(institutions)
    .where(eq(institutions.status, "APPROVED"))
    .orderBy(asc(institutions.name), asc(institutions.userId))
    .limit(limit);
  return rows.map(toCard);
}

/**
 * Who accepts a volunteering type: an institution taking both ("Ambos") also shows up when
 * someone looks for in-person or online work; "Ambos" itself finds only those taking both.
 */
function acceptedTypes(type: VolunteeringType): VolunteeringType[] {
  return type === "ALL" ? ["ALL"] : [type, "ALL"];
}

/** The WHERE of the directory: approved, then each filter that is set. */
export function directoryConditions(filters: InstitutionFilters): SQL | undefined {
  return and(
    eq(institutions.status, "APPROVED"),
    filters.search ? searchTextMatches(institutions.searchText, filters.search) : undefined,
    filters.uf ? eq(institutions.state, filters.uf) : undefined,
    filters.city ? eq(institutions.city, filters.city) : undefined,
    filters.type ? inArray(institutions.volunteeringType, acceptedTypes(filters.type)) : undefined,
  );
}

/** The query behind the directory, exposed so a test can EXPLAIN exactly what runs. */
export function directoryQuery(filters: InstitutionFilters, page: number) {
  const { limit, offset } = pageWindow(page);
  return db()
    .select(cardColumns)
    .from(institutions)
    .where(directoryConditions(filters))
    .orderBy(asc(institutions.name), asc(institutions.userId))
    .limit(limit)
    .offset(offset);
}

/** One page of the directory, by name (ties by id, so pages never overlap). */
export async function listApprovedInstitutions(
  filters: InstitutionFilters,
  page: number,
): Promise<ListPage<InstitutionCard>> {
  const rows = await directoryQuery(filters, page);
  return toListPage(rows.map(toCard), page);
}

export interface InstitutionDetail extends InstitutionCard {
  about: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
  volunteeringType: VolunteeringType;
  /** Shown only when the institution allowed publicising (permit_divulgation). */
  contactEmail: string | null;
  updatedAt: string;
}

/** An approved institution's public page; null for any other id (pending, rejected, unknown). */
export async function findApprovedInstitution(id: string): Promise<InstitutionDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      ...cardColumns,
      about: institutions.about,
      street: institutions.street,
      number: institutions.number,
      neighborhood: institutions.neighborhood,
      complement: institutions.complement,
      volunteeringType: institutions.volunteeringType,
      contactEmail: institutions.contactEmail,
      permitDivulgation: institutions.permitDivulgation,
      updatedAt: institutions.updatedAt,
    })
    .from(institutions)
    .where(and(eq(institutions.userId, id), eq(institutions.status, "APPROVED")))
    .limit(1);
  if (!row) return null;
  const { permitDivulgation, contactEmail, updatedAt, volunteeringType, ...rest } = row;
  return {
    ...toCard(rest),
    about: rest.about,
    street: rest.street,
    number: rest.number,
    neighborhood: rest.neighborhood,
    complement: rest.complement,
    volunteeringType: volunteeringType as VolunteeringType,
    contactEmail: permitDivulgation ? contactEmail : null,
    updatedAt: updatedAt.toISOString(),
  };
}
