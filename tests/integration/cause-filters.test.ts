import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CAUSE_SLUGS, type CauseSlug } from "~/config/causes";
import { LIST_COUNT_CAP } from "~/config/constants";
import { todayInBrazil } from "~/events/event-dates";
import {
  countApprovedEvents,
  type EventFilters,
  eventCountQuery,
  eventListQuery,
  listApprovedEvents,
} from "~/events/public-events.server";
import {
  countApprovedInstitutions,
  directoryCountQuery,
  directoryIdsQuery,
  type InstitutionFilters,
  listApprovedInstitutions,
  searchIndexQuery,
} from "~/institutions/public-institutions.server";
import { databaseForFile } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";

/**
 * The cause filter of /instituicoes and /eventos (ADR 0045) at 100 000 institutions and 100 000
 * events, on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL: it returns exactly the
 * rows holding any of the chosen causes, and EXPLAIN shows it read from the approved rows' GIN
 * index on `causes`, never by a sequential scan of the table.
 */
const ROWS = 100_000;
const database = databaseForFile();

/**
 * Row n holds cause n % 12 of the first twelve, every fifth row also the next one; "emergencias"
 * (the thirteenth) only every 397th row: a common cause (about 9 % of the rows) and a rare one.
 */
const commonCauses = CAUSE_SLUGS.slice(0, 12);
const RARE: CauseSlug = "emergencias";

/**
 * As a bulk load does: the tables' secondary indexes (GIN above all, whose row-by-row inserts
 * took most of a minute on PGlite) are dropped before the rows go in and built again from their
 * own definitions afterwards, in one pass each. Unique and primary-key indexes stay.
 */
async function withoutSecondaryIndexes(tables: string[], load: () => Promise<void>) {
  const { db } = database;
  const result = await db.execute<{ name: string; definition: string }>(sql`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i join pg_class c on c.relname = i.indexname join pg_index x on x.indexrelid = c.oid
    where i.schemaname = 'public' and i.tablename in ${tables} and not x.indisunique`);
  for (const { name } of result.rows) await db.execute(sql.raw(`drop index "${name}"`));
  await load();
  for (const { definition } of result.rows) await db.execute(sql.raw(definition));
}

beforeAll(async () => {
  const { db } = database;
  const slugs = sql.raw(`array[${commonCauses.map((slug) => `'${slug}'`).join(", ")}]`);
  await withoutSecondaryIndexes(["institutions", "events", "directory_search"], async () => {
    await db.execute(sql`
      insert into users (email, name, profile)
      select 'causa' || n || '@exemplo.org', 'Instituição ' || n, 'INSTITUTION'
      from generate_series(1, ${ROWS}) as n`);
    await db.execute(sql`
      insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
        street, number, neighborhood, city, state, status, causes)
      select u.id, 'Associação ' || md5(u.n::text), lpad(u.n::text, 14, '0'), 'Responsável',
        u.email, (array['Educação', 'Saúde', 'Cultura', 'Esporte'])[1 + (u.n / 12) % 4] || ' para todos',
        'Sobre a instituição.', 'Rua A', '1', 'Centro',
        (array['São Paulo', 'Recife'])[1 + u.n % 2], (array['SP', 'PE'])[1 + u.n % 2],
        case when u.n % 10 = 0 then 'PENDING' else 'APPROVED' end,
        case when u.n % 397 = 7 then array[${RARE}]
          when u.n % 5 = 0 then array[(${slugs})[1 + u.n % 12], (${slugs})[1 + (u.n + 1) % 12]]
          else array[(${slugs})[1 + u.n % 12]] end
      from (
        select id, email, substring(email from '[0-9]+')::int as n from users
        where profile = 'INSTITUTION' and email like 'causa%'
      ) as u`);
    await db.execute(sql`
      insert into events (institution_id, name, event_date, resume, about, street, number,
        neighborhood, city, state, status, causes)
      select i.user_id, 'Mutirão ' || i.n, current_date + (i.n % 400 - 100),
        (array['Aula de reforço', 'Campanha de saúde', 'Oficina de cultura', 'Corrida'])[1 + (i.n / 12) % 4],
        'Sobre o evento.', 'Rua B', '2', 'Centro', i.city, i.state,
        case when i.n % 10 = 0 then 'PENDING' else 'APPROVED' end, i.causes
      from (
        select user_id, city, state, causes, substring(cnpj from '[1-9][0-9]*$')::int as n
        from institutions
      ) as i`);
  });
  // What autovacuum does after a bulk insert: statistics and GIN pending lists.
  await db.execute(sql`vacuum analyze institutions`);
  await db.execute(sql`vacuum analyze events`);
  await db.execute(sql`vacuum analyze directory_search`);
}, 900_000);

/** The plan the database runs for a Drizzle query, with what each node actually read. */
const explain = (query: ExplainableQuery) =>
  explainPlan(database.db, query, "(analyze, costs off, timing off)");

/** Rows a plan's sequential scans of `table` read: returned plus removed by their filter. */
function seqScanRows(plan: string, table: string): number {
  let total = 0;
  let inSeqScan = false;
  for (const line of plan.split("\n")) {
    const scan = new RegExp(`Seq Scan on ${table}\\b.*actual rows=(\\d+) loops=(\\d+)`).exec(line);
    if (scan) {
      total += Number(scan[1]) * Number(scan[2]);
      inSeqScan = true;
      continue;
    }
    const removed = /Rows Removed by Filter: (\d+)/.exec(line);
    if (removed && inSeqScan) total += Number(removed[1]);
    if (/->/.test(line)) inSeqScan = false;
  }
  return total;
}

const noFilters: InstitutionFilters = { search: "", uf: "", city: "", type: null };
const upcoming: EventFilters = { search: "", uf: "", city: "", period: "upcoming" };

/** The approved ids holding any of the causes, by a plain scan that uses no index. */
async function expectedIds(table: "institutions" | "events", causes: CauseSlug[], extra = sql``) {
  const id = table === "institutions" ? sql.raw("user_id") : sql.raw("id");
  const rows = await database.db.execute<{ id: string }>(sql`
    select ${id}::text as id from ${sql.raw(table)}
    where status = 'APPROVED' and exists (
      select 1 from unnest(causes) as c where c = any(${`{${causes.join(",")}}`}::text[])) ${extra}`);
  return rows.rows.map((row) => row.id).sort();
}

/** Every page of a list, in order. */
async function allPages(
  list: (page: number) => Promise<{ items: { id: string }[]; hasMore: boolean }>,
) {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const result = await list(page);
    ids.push(...result.items.map((item) => item.id));
    if (!result.hasMore) return ids;
  }
}

const allInstitutions = (filters: InstitutionFilters) =>
  allPages((page) => listApprovedInstitutions(filters, page));
const allEvents = (filters: EventFilters) => allPages((page) => listApprovedEvents(filters, page));

/** A selective cause: read from the table's causes index, never by a sequential scan. */
function expectIndexBacked(plan: string, table: string) {
  expect(plan, plan).toContain(`${table}_causes_idx`);
  expect(plan, plan).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
}

/**
 * A common cause: an index (the causes index, or the list's own order walked until the page is
 * full), or, for the count's LIMIT 1 001, possibly a sequential scan the planner prefers because
 * it stops at the cap (a tenth of the table or less), as a bitmap of every match cannot (ADR 0045).
 */
function expectBounded(plan: string, table: string) {
  expect(seqScanRows(plan, table), plan).toBeLessThan(ROWS / 5);
}

describe("the cause filter at 100 000 rows", () => {
  it("finds exactly the institutions holding any of the causes, from the causes index", async () => {
    const rare = { ...noFilters, causes: [RARE] };
    const expected = await expectedIds("institutions", [RARE]);
    expect(expected.length).toBeGreaterThan(100);
    const found = await allInstitutions(rare);
    expect([...found].sort()).toEqual(expected);
    expect(new Set(found).size).toBe(found.length);
    expect(await countApprovedInstitutions(rare)).toBe(expected.length);
    for (const query of [directoryIdsQuery(rare, 1), directoryCountQuery(rare)]) {
      expectIndexBacked(await explain(query), "institutions");
    }
    // Any of two causes, with the other filters and a search.
    const two: InstitutionFilters = { ...noFilters, causes: [RARE, "cultura"], uf: "PE" };
    const twoExpected = await expectedIds("institutions", [RARE, "cultura"], sql`and state = 'PE'`);
    expect(await countApprovedInstitutions(two)).toBe(
      Math.min(twoExpected.length, LIST_COUNT_CAP + 1),
    );
    const searched: InstitutionFilters = { ...noFilters, causes: [RARE], search: "saúde" };
    const searchedExpected = await expectedIds(
      "institutions",
      [RARE],
      sql`and summary like 'Saúde%'`,
    );
    expect(searchedExpected.length).toBeGreaterThan(10);
    expect((await allInstitutions(searched)).sort()).toEqual(searchedExpected);
  });

  it("reads a bounded part of the table for a common cause, with or without a search", async () => {
    for (const filters of [
      { ...noFilters, causes: ["educacao" as const] },
      { ...noFilters, causes: ["educacao" as const, "saude" as const] },
      { ...noFilters, causes: ["educacao" as const], search: "cultura" },
    ]) {
      const label = JSON.stringify(filters);
      // What listApprovedInstitutions runs: a search with causes walks the search's tiers.
      const pageQuery = filters.search
        ? searchIndexQuery(filters.search, 1, filters.causes)
        : directoryIdsQuery(filters, 1);
      for (const query of [pageQuery, directoryCountQuery(filters)]) {
        const plan = await explain(query);
        expectBounded(plan, "institutions");
        expectBounded(plan, "directory_search");
      }
      const page = await listApprovedInstitutions(filters, 1);
      expect(page.items, label).toHaveLength(20);
      for (const item of page.items) {
        expect(item.causes.some((cause) => filters.causes.includes(cause as "educacao"))).toBe(
          true,
        );
      }
    }
  });

  it("finds exactly the upcoming events holding any of the causes, from the causes index", async () => {
    const today = todayInBrazil();
    const rare = { ...upcoming, causes: [RARE] };
    const expected = await expectedIds("events", [RARE], sql`and event_date >= ${today}`);
    expect(expected.length).toBeGreaterThan(50);
    const found = await allEvents(rare);
    expect([...found].sort()).toEqual(expected);
    expect(await countApprovedEvents(rare)).toBe(expected.length);
    for (const query of [eventListQuery(rare, 1, today), eventCountQuery(rare, today)]) {
      expectIndexBacked(await explain(query), "events");
    }
    for (const filters of [
      { ...upcoming, causes: ["educacao" as const] },
      { ...upcoming, causes: ["educacao" as const], search: "reforço" },
      { ...upcoming, causes: ["saude" as const], period: "past" as const },
    ]) {
      const label = JSON.stringify(filters);
      expectBounded(await explain(eventListQuery(filters, 1, today)), "events");
      expectBounded(await explain(eventCountQuery(filters, today)), "events");
      const page = await listApprovedEvents(filters, 1);
      expect(page.items.length, label).toBeGreaterThan(0);
    }
  });
});
