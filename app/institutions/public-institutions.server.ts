import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { LANDING_INSTITUTIONS, type VolunteeringType } from "~/config/constants";
import { db } from "~/db/client.server";
import { directorySearch, institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { isUuid } from "~/lib/uuid";
import type { ListPage } from "~/lists/list-page";
import { pageWindow, toListPage } from "~/lists/list-params.server";
import { searchTextMatches } from "~/lists/search-match.server";

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

/** The landing page's approved institutions (docs/spec.md: three, approved only). */
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
function directoryConditions(filters: InstitutionFilters): SQL | undefined {
  return and(
    eq(institutions.status, "APPROVED"),
    filters.search ? searchTextMatches(institutions.searchText, filters.search) : undefined,
    filters.uf ? eq(institutions.state, filters.uf) : undefined,
    filters.city ? eq(institutions.city, filters.city) : undefined,
    filters.type ? inArray(institutions.volunteeringType, acceptedTypes(filters.type)) : undefined,
  );
}

/**
 * How many approved names a lone search walks in name order before it asks the trigram index
 * instead: well under a millisecond, and a page is found this way for any term that matches more
 * than one name in a hundred spread over the alphabet; rarer terms have few matches, which is
 * what the index is fast at (docs/benchmarks.md).
 */
export const SEARCH_WALK_LIMIT = 5_000;

const byName = [asc(institutions.name), asc(institutions.userId)];

/**
 * A page's ids under any filters, by name: from the covering index of approved institutions
 * (migration 0004) when walking names is the way, from the trigram index when the planner
 * judges the filters narrow enough. Exposed so a test can EXPLAIN exactly what runs.
 */
export function directoryIdsQuery(filters: InstitutionFilters, page: number) {
  const { limit, offset } = pageWindow(page);
  return db()
    .select({ id: institutions.userId })
    .from(institutions)
    .where(directoryConditions(filters))
    .orderBy(...byName)
    .limit(limit)
    .offset(offset);
}

/**
 * A lone search, first try: the matches among the first SEARCH_WALK_LIMIT approved names, read
 * from the covering index alone. A full page from it is the right page, since those names come
 * first; a short one may be missing matches further on.
 */
export function searchWalkQuery(term: string, page: number) {
  const { limit, offset } = pageWindow(page);
  const walked = db()
    .select({ id: institutions.userId, name: institutions.name, text: institutions.searchText })
    .from(institutions)
    .where(eq(institutions.status, "APPROVED"))
    .orderBy(...byName)
    .limit(SEARCH_WALK_LIMIT)
    .as("walked");
  return db()
    .select({ id: walked.id })
    .from(walked)
    .where(searchTextMatches(walked.text, term))
    .orderBy(asc(walked.name), asc(walked.id))
    .limit(limit)
    .offset(offset);
}

/**
 * A lone search, second try: every match from the trigram index of the narrow directory_search
 * table (migration 0005), sorted by name. Its cost follows the number of matches, which is small
 * whenever the walk came back short.
 */
export function searchIndexQuery(term: string, page: number) {
  const { limit, offset } = pageWindow(page);
  return db()
    .select({ id: directorySearch.institutionId })
    .from(directorySearch)
    .where(searchTextMatches(directorySearch.searchText, term))
    .orderBy(asc(directorySearch.name), asc(directorySearch.institutionId))
    .limit(limit)
    .offset(offset);
}

const isLoneSearch = (filters: InstitutionFilters) =>
  filters.search !== "" && !filters.uf && !filters.city && !filters.type;

/**
 * A lone search's page ids. No single index serves both "contains this text" and "first 20 by
 * name": walking names is instant for a common term and slow for one whose matches sit late in the
 * alphabet, the trigram index the reverse; so the bounded walk first, then the index.
 */
async function loneSearchIds(term: string, page: number): Promise<string[]> {
  const walked = await searchWalkQuery(term, page);
  const found =
    walked.length === pageWindow(page).limit ? walked : await searchIndexQuery(term, page);
  return found.map((row) => row.id);
}

/** One page of the directory, by name (ties by id, so pages never overlap). */
export async function listApprovedInstitutions(
  filters: InstitutionFilters,
  page: number,
): Promise<ListPage<InstitutionCard>> {
  // Other filters (and none): the ids query is a subquery of the cards' query, one round trip.
  const ids = isLoneSearch(filters)
    ? await loneSearchIds(filters.search, page)
    : directoryIdsQuery(filters, page);
  if (Array.isArray(ids) && ids.length === 0) return toListPage([], page);
  const rows = await db()
    .select(cardColumns)
    .from(institutions)
    .where(inArray(institutions.userId, ids))
    .orderBy(...byName);
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
