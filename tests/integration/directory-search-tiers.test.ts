import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_COUNT_CAP } from "~/config/constants";
import { institutions } from "~/db/schema";
import {
  countApprovedInstitutions,
  directoryIdsQuery,
  listApprovedInstitutions,
  searchIndexQuery,
} from "~/institutions/public-institutions.server";
import { fullTextQueryText } from "~/lists/full-text-query";
import { bulkSeed } from "~/seed/bulk/bulk-seed.server";
import { databaseForFile } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";

/**
 * The directory's search in tiers (ADR 0040) on the bulk seeder's data (the texts `npm run seed`
 * writes at 100 000 institutions, here 3 400 approved), on PGlite and, when TEST_DATABASE_URL is
 * set, on PostgreSQL: a common word's page is read from a bounded walk of an index, not by
 * ranking every match, and the tiers keep a sensible order.
 */
const database = databaseForFile();

beforeAll(async () => {
  // The seeder ends with `vacuum analyze`, as the benchmarks' databases do.
  await bulkSeed(database.db, { institutions: 4_000, events: 0, volunteers: 0, requests: 0 });
}, 300_000);

const filters = { search: "", uf: "", city: "", type: null };

/** EXPLAIN ANALYZE of a Drizzle query: the plan with what each node actually read. */
const explainAnalyze = (query: ExplainableQuery) =>
  explainPlan(database.db, query, "(analyze, costs off, timing off)");

/**
 * Rows (or index entries) the scans of directory_search in a plan read: those they returned plus
 * those their filters or rechecks removed.
 */
function rowsScanned(plan: string): number {
  let total = 0;
  for (const line of plan.split("\n")) {
    const returned =
      /Scan (?:using \S+ )?on directory_search(?: \w+)? \(actual rows=([\d.]+) loops=(\d+)\)/.exec(
        line,
      );
    if (returned) total += Number(returned[1]) * Number(returned[2]);
    const removed = /Rows Removed by (?:Filter|Index Recheck): (\d+)/.exec(line);
    if (removed) total += Number(removed[1]);
  }
  return total;
}

/** How many approved institutions a search's words find, counted by a plain scan. */
async function matches(term: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from directory_search
    where document @@ to_tsquery('portuguese', ${fullTextQueryText(term)})`);
  return result.rows[0]?.n ?? 0;
}

/**
 * The rows a walk of directory_search in id order reads until it holds a page and one (21) of
 * name matches, or null when fewer names match.
 */
async function walkToFillPageByName(term: string): Promise<number | null> {
  const result = await database.db.execute<{ n: number | null }>(sql`
    select (select count(*)::int from directory_search where institution_id <= last.id) as n
    from (
      select institution_id as id from directory_search
      where name_document @@ to_tsquery('portuguese', ${fullTextQueryText(term)})
      order by institution_id offset 20 limit 1
    ) as last`);
  return result.rows[0]?.n ?? null;
}

/** Every page of a lone search, in order. */
async function searchAll(search: string): Promise<string[]> {
  const found: string[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listApprovedInstitutions({ ...filters, search }, page);
    found.push(...result.items.map((item) => item.id));
    if (!result.hasMore) return found;
  }
}

describe("directory search in tiers", () => {
  it("reads a page of a common word from a bounded walk, not every match", async () => {
    // Words of the seeder's names, summaries and about texts, each in 600 rows or more.
    for (const term of ["associação", "instituto", "rede", "educa"]) {
      const found = await matches(term);
      expect(found, term).toBeGreaterThan(600);
      const plan = await explainAnalyze(searchIndexQuery(term, 1));
      // The old ranked search read every match and sorted them all; the tiers stop at the page's
      // end, from the walk index or a tier's own small GIN index. The walk goes in id order
      // (random uuids), so how far it must go to fill a page is read from the data: up to the
      // page's last name match when the names alone fill it (a fixed share of the matches was
      // a guess that failed by chance when few names held the word).
      const walk = await walkToFillPageByName(term);
      const read = rowsScanned(plan);
      expect(read, `${term}: ${found} matches\n${plan}`).toBeLessThan(found);
      if (walk !== null)
        expect(read, `${term}: walk of ${walk}\n${plan}`).toBeLessThanOrEqual(walk);
      expect(plan, term).not.toContain("Seq Scan");
      expect(plan, term).toMatch(/directory_search_(walk_idx|name_document_idx)/);
      const page = await listApprovedInstitutions({ ...filters, search: term }, 1);
      expect(page.items, term).toHaveLength(20);
      expect(page.hasMore, term).toBe(true);
    }
  });

  it("ranks a match in the name first, then the summary, then the about text, then a fragment inside a word", async () => {
    const ids = (
      await database.db.execute<{ id: string }>(sql`
        select institution_id as id from directory_search order by institution_id`)
    ).rows.map((row) => row.id);
    // In the static order of the ids the about texts come first and the name last: the tiers,
    // not the ids, must put the name first.
    const aboutOnly = ids.slice(0, 30);
    const [inName, inSummary, inside] = [ids.at(-1), ids.at(-2), ids.at(-3)] as [
      string,
      string,
      string,
    ];
    await database.db
      .update(institutions)
      .set({ about: "Cuidamos de quelônios marinhos e das praias onde desovam." })
      .where(inArray(institutions.userId, aboutOnly));
    await database.db
      .update(institutions)
      .set({ name: "Projeto Quelônio Vivo" })
      .where(inArray(institutions.userId, [inName]));
    await database.db
      .update(institutions)
      .set({ summary: "Proteção de quelônios na praia." })
      .where(inArray(institutions.userId, [inSummary]));
    await database.db
      .update(institutions)
      .set({ name: "Grupo Bioquelônia" })
      .where(inArray(institutions.userId, [inside]));
    const expected = [inName, inSummary, ...aboutOnly];
    expect(await searchAll("quelonios")).toEqual(expected);
    // Accents and capitals are ignored; a fragment finds the word, and "Bioquelônia", which
    // only the "contains" test finds, comes last.
    expect(await searchAll("QUELÔNIOS")).toEqual(expected);
    expect(await searchAll("quelôn")).toEqual([...expected, inside]);
    // With another filter (the institutions' query) the order is the same as alone.
    for (const page of [1, 2]) {
      const combined = await directoryIdsQuery({ ...filters, search: "quelon" }, page);
      const lone = await searchIndexQuery("quelon", page);
      expect(lone.map((row) => row.id)).toEqual(combined.map((row) => row.id));
    }
  });

  it("counts a search as its pages list it: a word, a fragment or two letters, thin or dense", async () => {
    // A thin word goes through the text indexes and a pattern under three letters by a scan that
    // stops at the cap (ADR 0040, amended): either way the number is the list's.
    for (const term of ["mãos", "rede", "ssoc", "ção", "ma", "xyzw"]) {
      const result = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from directory_search
        where document @@ to_tsquery('portuguese', ${fullTextQueryText(term)})
          or search_text like '%' || immutable_unaccent(lower(${term})) || '%'`);
      const all = result.rows[0]?.n ?? 0;
      const counted = await countApprovedInstitutions({ ...filters, search: term });
      expect(counted, term).toBe(Math.min(all, LIST_COUNT_CAP + 1));
      if (all <= LIST_COUNT_CAP) expect(await searchAll(term), term).toHaveLength(all);
    }
  });
});
