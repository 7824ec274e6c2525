import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { LANDING_INSTITUTIONS, LIST_COUNT_CAP, type VolunteeringType } from "~/config/constants";
import { db } from "~/db/client.server";
import { directorySearch, institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { isUuid } from "~/lib/uuid";
import type { ListPage } from "~/lists/list-page";
import { pageWindow, toListPage } from "~/lists/list-params.server";
import { type TextSearch, textSearch } from "~/lists/search-match.server";

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

/** The search of the directory's filters on the institutions table (ADR 0028), if any. */
function institutionSearch(filters: InstitutionFilters): TextSearch | null {
  return filters.search
    ? textSearch(institutions.searchDocument, institutions.searchText, filters.search)
    : null;
}

/** The WHERE of the directory: approved, then each filter that is set. */
function directoryConditions(filters: InstitutionFilters): SQL | undefined {
  return and(
    eq(institutions.status, "APPROVED"),
    institutionSearch(filters)?.matches,
    filters.uf ? eq(institutions.state, filters.uf) : undefined,
    filters.city ? eq(institutions.city, filters.city) : undefined,
    filters.type ? inArray(institutions.volunteeringType, acceptedTypes(filters.type)) : undefined,
  );
}

const byName = [asc(institutions.name), asc(institutions.userId)];

/**
 * A page's ids under any filters: by name without a search (from the covering index of approved
 * institutions, migration 0004), best matches first with one (ties by name). Exposed so a test can
 * EXPLAIN exactly what runs.
 */
export function directoryIdsQuery(filters: InstitutionFilters, page: number) {
  const { limit, offset } = pageWindow(page);
  const search = institutionSearch(filters);
  return db()
    .select({ id: institutions.userId })
    .from(institutions)
    .where(directoryConditions(filters))
    .orderBy(...(search?.rank ? [desc(search.rank)] : []), ...byName)
    .limit(limit)
    .offset(offset);
}

const directorySearchOf = (term: string) =>
  textSearch(directorySearch.document, directorySearch.searchText, term);

/**
 * A lone search (no other filter): the matches from the full-text and trigram indexes of the
 * narrow directory_search table (migrations 0005 and 0007), best first, ties by name. Its cost
 * follows the number of matches, each ranked from its short row (docs/benchmarks.md).
 */
export function searchIndexQuery(term: string, page: number) {
  const { limit, offset } = pageWindow(page);
  const search = directorySearchOf(term);
  return db()
    .select({ id: directorySearch.institutionId })
    .from(directorySearch)
    .where(search.matches)
    .orderBy(
      ...(search.rank ? [desc(search.rank)] : []),
      asc(directorySearch.name),
      asc(directorySearch.institutionId),
    )
    .limit(limit)
    .offset(offset);
}

const isLoneSearch = (filters: InstitutionFilters) =>
  filters.search !== "" && !filters.uf && !filters.city && !filters.type;

/** One page of the directory: by name, or best matches first for a search (never overlapping). */
export async function listApprovedInstitutions(
  filters: InstitutionFilters,
  page: number,
): Promise<ListPage<InstitutionCard>> {
  if (!filters.search) {
    // By name: the ids query is a subquery of the cards' query, one round trip.
    const rows = await db()
      .select(cardColumns)
      .from(institutions)
      .where(inArray(institutions.userId, directoryIdsQuery(filters, page)))
      .orderBy(...byName);
    return toListPage(rows.map(toCard), page);
  }
  // Ranked: the ids come first, in their order, then their cards.
  const ids = (
    await (isLoneSearch(filters)
      ? searchIndexQuery(filters.search, page)
      : directoryIdsQuery(filters, page))
  ).map((row) => row.id);
  if (ids.length === 0) return toListPage([], page);
  const rows = await db()
    .select(cardColumns)
    .from(institutions)
    .where(inArray(institutions.userId, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row)] : [];
  });
  return toListPage(ordered, page);
}

/**
 * How many approved institutions the filters find, shown above the list ("23 instituições"),
 * counted up to LIST_COUNT_CAP + 1 (more reads as "Mais de 1.000"). A lone search and the plain
 * list count the narrow table.
 */
export async function countApprovedInstitutions(filters: InstitutionFilters): Promise<number> {
  const plain = !filters.search && !filters.uf && !filters.city && !filters.type;
  const counted =
    plain || isLoneSearch(filters)
      ? db()
          .select({ one: sql`1` })
          .from(directorySearch)
          .where(plain ? undefined : directorySearchOf(filters.search).matches)
          .limit(LIST_COUNT_CAP + 1)
          .as("counted")
      : db()
          .select({ one: sql`1` })
          .from(institutions)
          .where(directoryConditions(filters))
          .limit(LIST_COUNT_CAP + 1)
          .as("counted");
  const [row] = await db().select({ total: count() }).from(counted);
  return row?.total ?? 0;
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

const detailColumns = {
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
  proposedName: institutions.proposedName,
};

/** One institution's page as the public sees it, or null when no row matches. */
async function findInstitutionDetail(
  condition: SQL | undefined,
  options: { proposedName: boolean },
): Promise<InstitutionDetail | null> {
  const [row] = await db().select(detailColumns).from(institutions).where(condition).limit(1);
  if (!row) return null;
  const { permitDivulgation, contactEmail, updatedAt, volunteeringType, proposedName, ...rest } =
    row;
  return {
    ...toCard(rest),
    ...(options.proposedName && proposedName ? { name: proposedName } : {}),
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

/** An approved institution's public page; null for any other id (pending, rejected, unknown). */
export async function findApprovedInstitution(id: string): Promise<InstitutionDetail | null> {
  if (!isUuid(id)) return null;
  return findInstitutionDetail(
    and(eq(institutions.userId, id), eq(institutions.status, "APPROVED")),
    { proposedName: false },
  );
}

/**
 * The signed-in institution's own page as it will look once approved, whatever its status
 * (issue 14's preview): its current record, with the new name it asked for, if any.
 */
export async function findInstitutionPreview(userId: string): Promise<InstitutionDetail | null> {
  return findInstitutionDetail(eq(institutions.userId, userId), { proposedName: true });
}
