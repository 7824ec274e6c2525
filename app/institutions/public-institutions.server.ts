import {
  and,
  arrayOverlaps,
  asc,
  count,
  eq,
  inArray,
  type Placeholder,
  type SQL,
  sql,
} from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { CauseSlug } from "~/config/causes";
import { LANDING_INSTITUTIONS, LIST_COUNT_CAP, type VolunteeringType } from "~/config/constants";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { directorySearch, institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { isUuid } from "~/lib/uuid";
import type { ListPage } from "~/lists/list-page";
import { type CountedListPage, pageThenCount } from "~/lists/list-page.server";
import { pageWindow, toListPage } from "~/lists/list-params.server";
import {
  fullTextQuery,
  searchTextMatches,
  type TextSearch,
  textSearch,
} from "~/lists/search-match.server";

export interface InstitutionCard {
  id: string;
  name: string;
  summary: string;
  city: string;
  state: string;
  coverUrl: string | null;
  logoUrl: string | null;
  causes: CauseSlug[];
}

export interface InstitutionFilters {
  search: string;
  uf: string;
  city: string;
  type: VolunteeringType | null;
  /** Any of these causes (ADR 0045); empty or absent: no cause filter. */
  causes?: CauseSlug[];
}

const cardColumns = {
  id: institutions.userId,
  name: institutions.name,
  summary: institutions.summary,
  city: institutions.city,
  state: institutions.state,
  coverImageId: institutions.coverImageId,
  profileImageId: institutions.profileImageId,
  causes: institutions.causes,
};

interface CardRow {
  id: string;
  name: string;
  summary: string;
  city: string;
  state: string;
  coverImageId: string | null;
  profileImageId: string | null;
  causes: string[];
}

/** A card from its row, field by field: a page makes twenty, and rest and spread cost more. */
function toCard(row: CardRow): InstitutionCard {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    city: row.city,
    state: row.state,
    causes: row.causes as CauseSlug[],
    coverUrl: row.coverImageId ? imageUrl(row.coverImageId) : null,
    logoUrl: row.profileImageId ? imageUrl(row.profileImageId) : null,
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
    // `causes && $1` on the approved rows' GIN index (institutions_causes_idx).
    filters.causes?.length ? arrayOverlaps(institutions.causes, filters.causes) : undefined,
  );
}

const byName = [asc(institutions.name), asc(institutions.userId)];

/** No search and no filter: the whole directory. */
const PLAIN: InstitutionFilters = { search: "", uf: "", city: "", type: null };

/**
 * A page's ids under any filters: by name without a search (from the covering index of approved
 * institutions, migration 0004); with one, by tier (a match in the name first, then in the card's
 * summary or city, then in the about text, then "contains" alone), ties in the static order of
 * the ids, as the lone search orders them (ADR 0040). Exposed so a test can EXPLAIN exactly what
 * runs.
 */
export function directoryIdsQuery(filters: InstitutionFilters, page: number) {
  return idsInWindow(filters, pageWindow(page));
}

/** The window of a page: numbers, or the placeholders a prepared statement is given them by. */
interface PageWindow {
  limit: number | Placeholder;
  offset: number | Placeholder;
}

function idsInWindow(filters: InstitutionFilters, { limit, offset }: PageWindow) {
  const search = institutionSearch(filters);
  return db()
    .select({ id: institutions.userId })
    .from(institutions)
    .where(directoryConditions(filters))
    .orderBy(
      ...(search ? [...(search.tier ? [asc(search.tier)] : []), asc(institutions.userId)] : byName),
    )
    .limit(limit)
    .offset(offset);
}

/**
 * A lone search (no other filter) on the narrow directory_search table, in tiers (ADR 0040): the
 * rows whose name matches, those whose card (name, summary, city) matches, those whose whole
 * document matches, and those the trigram "contains" test finds, each kept in the static order of
 * the ids and cut at the end of the page asked for; a tier is read only when those before it
 * fell short of the page. Each tier is one bounded query the planner answers either by walking
 * `directory_search_walk_idx` in id order until it has enough matches (a common term: a few
 * hundred index entries, without reading the table but for the about text's tier), or from the
 * tier's GIN index when its statistics say the matches are few. A row found by several tiers
 * takes the first; the page is ordered by tier, ties by id, as the institutions' query orders it
 * (directoryIdsQuery). A common word thus costs what a page of it costs, not what ranking every
 * match costs (docs/benchmarks.md).
 */
export function searchIndexQuery(term: string, page: number, causes: readonly CauseSlug[] = []) {
  const { limit, offset } = pageWindow(page);
  const reach = offset + limit;
  const query = fullTextQuery(term);
  const inCauses = withCauses(causes);
  const contains = and(searchTextMatches(directorySearch.searchText, term), inCauses) as SQL;
  const firstMatches = (where: SQL) =>
    db()
      .select({ id: directorySearch.institutionId })
      .from(directorySearch)
      .where(and(where, inCauses))
      .orderBy(asc(directorySearch.institutionId))
      .limit(reach);
  if (!query) {
    // No word to look for (stop words alone, "%"): "contains" is the only tier.
    return db()
      .select({ id: directorySearch.institutionId })
      .from(directorySearch)
      .where(contains)
      .orderBy(asc(directorySearch.institutionId))
      .limit(limit)
      .offset(offset);
  }
  const tier = (tier: number, where: SQL) => db().$with(`tier${tier}`).as(firstMatches(where));
  const tiers = [
    tier(1, sql`${directorySearch.nameDocument} @@ ${query}`),
    tier(2, sql`${directorySearch.cardDocument} @@ ${query}`),
    tier(3, sql`${directorySearch.document} @@ ${query}`),
    tier(4, searchTextMatches(directorySearch.searchText, term)),
  ] as const;
  // A tier is read only when every tier before it fell short of the page's end: the name, card
  // and document tiers nest, so a full tier holds the whole page (and the "contains" tier comes
  // after every document match).
  const fellShort = (before: (typeof tiers)[number]) =>
    sql`(select count(*) from ${before}) < ${reach}`;
  const rows = (index: 0 | 1 | 2 | 3) =>
    db()
      .select({ id: tiers[index].id, tier: sql<number>`${sql.raw(String(index + 1))}`.as("tier") })
      .from(tiers[index])
      .where(and(...tiers.slice(0, index).map(fellShort)));
  const candidates = unionAll(rows(0), rows(1), rows(2), rows(3)).as("candidates");
  return db()
    .with(...tiers)
    .select({ id: candidates.id })
    .from(candidates)
    .groupBy(candidates.id)
    .orderBy(sql`min(${candidates.tier})`, asc(candidates.id))
    .limit(limit)
    .offset(offset);
}

/** No filter but location, type or causes: the narrow directory_search table can answer. */
const hasNoPanelFilter = (filters: InstitutionFilters) =>
  !filters.uf && !filters.city && !filters.type && !filters.causes?.length;

const isLoneSearch = (filters: InstitutionFilters) =>
  filters.search !== "" && hasNoPanelFilter(filters);

/**
 * A search with causes and no other filter keeps the lone search's tiered walk of the narrow
 * table (ADR 0040), each entry tested for the causes by its institution's primary key (ADR
 * 0045): a page of a common word and a common cause reads a few hundred entries, where the
 * institutions' query would read and rank every row of the causes.
 */
const isSearchWithCauses = (filters: InstitutionFilters) =>
  filters.search !== "" &&
  !filters.uf &&
  !filters.city &&
  !filters.type &&
  Boolean(filters.causes?.length);

/** The directory entry's institution holds any of the causes; no condition for none. */
function withCauses(causes: readonly CauseSlug[]): SQL | undefined {
  if (causes.length === 0) return undefined;
  return sql`exists (select 1 from ${institutions}
    where ${institutions.userId} = ${directorySearch.institutionId}
      and ${arrayOverlaps(institutions.causes, [...causes])})`;
}

/** Whether the filters ask for the whole directory by name (no search, no panel filter). */
const isPlainList = (filters: InstitutionFilters) => !filters.search && hasNoPanelFilter(filters);

/** A prepared page's window: its limit and offset are the statement's values. */
const PLACEHOLDER_WINDOW: PageWindow = {
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
};

/**
 * The plain list's page and count, the directory's most asked for pages, as prepared statements
 * (ADR 0057): Drizzle builds their SQL once, not on every request. The page's limit and offset
 * are the statement's values; PostgreSQL keeps planning it with them (a generic plan, whose LIMIT
 * it cannot know, costs more and is not chosen: tests/integration/public-queries.test.ts). The
 * page's query is exposed for that test.
 */
export function plainDirectoryQuery() {
  return cardsByName(idsInWindow(PLAIN, PLACEHOLDER_WINDOW));
}

/** The cards of a page's ids by name, the ids' query a subquery of the cards' (one round trip). */
function cardsByName(ids: ReturnType<typeof idsInWindow>) {
  return db()
    .select(cardColumns)
    .from(institutions)
    .where(inArray(institutions.userId, ids))
    .orderBy(...byName);
}
const plainPage = preparedQuery("directory_plain_page", plainDirectoryQuery);
const plainCount = preparedQuery("directory_plain_count", () => directoryCountQuery(PLAIN));

/**
 * The plain list's page with the directory's count on every row (a scalar subquery PostgreSQL
 * runs once): the directory page's cards and total in one round trip (ADR 0065). Exposed for its
 * test.
 */
export function plainDirectoryPageWithTotalQuery() {
  // cardsByName's query with one more column (Drizzle's types do not follow a select's columns
  // through a parameter).
  return db()
    .select({ ...cardColumns, total: sql<number>`(${directoryCountQuery(PLAIN)})::int` })
    .from(institutions)
    .where(inArray(institutions.userId, idsInWindow(PLAIN, PLACEHOLDER_WINDOW)))
    .orderBy(...byName);
}
const plainPageWithTotal = preparedQuery(
  "directory_plain_page_total",
  plainDirectoryPageWithTotalQuery,
);

/**
 * One page of the directory and how many approved institutions its filters find, for the
 * directory's page. The plain list, its most asked-for page, asks PostgreSQL once for both; a
 * page past the end has no row to carry the count, which is then asked for alone.
 */
export async function listAndCountApprovedInstitutions(
  filters: InstitutionFilters,
  page: number,
): Promise<CountedListPage<InstitutionCard>> {
  if (!isPlainList(filters))
    return pageThenCount(
      () => listApprovedInstitutions(filters, page),
      () => countApprovedInstitutions(filters),
    );
  const rows = await plainPageWithTotal().execute(pageWindow(page));
  const total = rows[0]?.total ?? (await countApprovedInstitutions(filters));
  return { list: toListPage(rows.map(toCard), page), total };
}

/** One page of the directory: by name, or best matches first for a search (never overlapping). */
export async function listApprovedInstitutions(
  filters: InstitutionFilters,
  page: number,
): Promise<ListPage<InstitutionCard>> {
  if (isPlainList(filters)) {
    const rows = await plainPage().execute(pageWindow(page));
    return toListPage(rows.map(toCard), page);
  }
  if (!filters.search) {
    const rows = await cardsByName(directoryIdsQuery(filters, page));
    return toListPage(rows.map(toCard), page);
  }
  // Ranked: the ids come first, in their order, then their cards.
  const ids = (
    await (isLoneSearch(filters) || isSearchWithCauses(filters)
      ? searchIndexQuery(filters.search, page, filters.causes)
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
 * list count the narrow table. A lone search of a word the planner's statistics put in at least
 * COMMON_WORD_ROWS institutions is not counted at all (ADR 0040): counting a thousand matches of
 * it costs more than a page of them.
 */
export async function countApprovedInstitutions(filters: InstitutionFilters): Promise<number> {
  if (isPlainList(filters)) return (await plainCount().execute())[0]?.total ?? 0;
  const total = directoryCountQuery(filters);
  const query = isLoneSearch(filters) ? fullTextQuery(filters.search) : null;
  if (!query) return (await total)[0]?.total ?? 0;
  // One statement: the count's subquery runs only when the statistics do not settle it.
  const counting = sql`select (case when ${commonInDirectory(query)}
    then ${sql.raw(String(LIST_COUNT_CAP + 1))} else (${total}) end)::int as total`;
  const result = trigramIndexable(filters.search)
    ? await db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute<{ total: number }>(counting);
      })
    : await db().execute<{ total: number }>(counting);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Whether the "contains" half of a search can be read from the trigram index: a pattern of three
 * characters or more. Then a count is read through the text indexes, the sequential scan turned
 * off for its statement. The count's LIMIT makes a scan look cheap to the planner when it expects
 * many matches, and its estimate adds the full-text and "contains" halves as if they were
 * independent (they mostly match the same rows): for "mãos" at 100 000 institutions it expected
 * 4 733 matches of 1 432 and scanned 69 000 rows for the first 1 001 (42-48 ms, against 3 ms
 * through the indexes). A shorter pattern cannot use the trigram index, and a scan that stops at
 * the 1 001st match is then the fast way (ADR 0040, amended).
 */
function trigramIndexable(search: string): boolean {
  return search.trim().length >= 3;
}

/**
 * The count's query, up to LIST_COUNT_CAP + 1: on the narrow table for a lone search or the
 * plain list, on institutions for any panel filter. Exposed so a test can EXPLAIN it.
 */
export function directoryCountQuery(filters: InstitutionFilters) {
  const plain = !filters.search && hasNoPanelFilter(filters);
  // A search with causes counts on institutions: the causes index bounds the rows it reads,
  // where probing each search match for its causes could read every match (ADR 0045).
  const counted =
    plain || isLoneSearch(filters)
      ? db()
          .select({ one: sql`1` })
          .from(directorySearch)
          .where(
            plain
              ? undefined
              : textSearch(directorySearch.document, directorySearch.searchText, filters.search)
                  .matches,
          )
          .limit(LIST_COUNT_CAP + 1)
          .as("counted")
      : db()
          .select({ one: sql`1` })
          .from(institutions)
          .where(directoryConditions(filters))
          .limit(LIST_COUNT_CAP + 1)
          .as("counted");
  return db().select({ total: count() }).from(counted);
}

/**
 * How many directory entries a word must be in, by the planner's statistics, for a search of it
 * to say "Mais de 1.000" without counting: five times the cap, so that the statistics (a sample
 * of 30 000 rows, refreshed by autovacuum on PostgreSQL and by the hourly housekeeping on PGlite)
 * would have to be wrong fivefold for the words shown to be wrong (ADR 0040).
 */
export const COMMON_WORD_ROWS = 5 * (LIST_COUNT_CAP + 1);

/**
 * True when one lexeme of directory_search.document that the query matches on its own (so every
 * document holding it matches) is, by the column's most common elements in pg_stats, in at least
 * COMMON_WORD_ROWS rows. False without statistics (a small or never analysed table): then the
 * count is made.
 */
function commonInDirectory(query: SQL): SQL {
  return sql`exists (
    select 1 from pg_stats s
      cross join lateral unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs)
        as e(lexeme, frequency)
    where s.schemaname = current_schema() and s.tablename = 'directory_search'
      and s.attname = 'document' and not s.inherited
      and e.frequency * (select reltuples from pg_class where oid = 'directory_search'::regclass)
        >= ${sql.raw(String(COMMON_WORD_ROWS))}
      and (case when e.lexeme is null then false
        else array_to_tsvector(array[e.lexeme]) @@ ${query} end))`;
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
