import { createHash } from "node:crypto";
import { Placeholder, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_COUNT_CAP } from "~/config/constants";
import type { Database } from "~/db/client.server";
import { todayInBrazil } from "~/events/event-dates";
import { eventListQuery, listApprovedEvents } from "~/events/public-events.server";
import {
  countApprovedInstitutions,
  directoryIdsQuery,
  findApprovedInstitution,
  listAndCountApprovedInstitutions,
  listApprovedInstitutions,
  plainDirectoryPageWithTotalQuery,
  plainDirectoryQuery,
  searchIndexQuery,
} from "~/institutions/public-institutions.server";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";

/**
 * The public lists' queries on 6 000 generated institutions and events (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set): a search must be served by the GIN indexes of the
 * full-text document (ADR 0028) and of the `search_text` column's trigrams (ADR 0004), and it
 * must find what a person typed without accents or capitals. The plans are read with EXPLAIN on the exact SQL the app runs.
 */
/**
 * Enough for the planner to prefer the indexes and for one state's list to pass the count's cap
 * (1 350 approved in PE); 20 000 gave the same plans at five times the seeding time on PGlite.
 */
const ROWS = 6_000;
let database: TestDatabase;
let db: Database;

const md5 = (value: string) => createHash("md5").update(value).digest("hex");
/** A rare piece of one row's name: the kind of term a person searches for. */
const rareTerm = (row: number) => md5(String(row)).slice(0, 10);

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  await db.execute(sql`
    insert into users (email, name, profile)
    select 'instituicao' || n || '@exemplo.org', 'Instituição ' || n, 'INSTITUTION'
    from generate_series(1, ${ROWS}) as n`);
  // One in ten pending; names carry an md5 so a search term matches a single row.
  await db.execute(sql`
    insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
      street, number, neighborhood, city, state, status, volunteering_type)
    select u.id, 'Associação Ação ' || md5(u.n::text), lpad(u.n::text, 14, '0'), 'Responsável',
      u.email, 'Educação e cultura ' || md5((u.n * 7)::text), 'Sobre a instituição.', 'Rua A', '1',
      'Centro', (array['São Paulo', 'Recife', 'Belém', 'Curitiba'])[1 + u.n % 4],
      (array['SP', 'PE', 'PA', 'PR'])[1 + u.n % 4],
      case when u.n % 10 = 0 then 'PENDING' else 'APPROVED' end,
      (array['PRESENCIAL', 'ONLINE', 'ALL'])[1 + u.n % 3]
    from (
      select id, email, substring(email from '[0-9]+')::int as n from users
      where profile = 'INSTITUTION'
    ) as u`);
  await db.execute(sql`
    insert into events (institution_id, name, event_date, resume, about, street, number,
      neighborhood, city, state, status)
    select i.user_id, 'Mutirão ' || md5(i.n::text), current_date + (i.n % 400 - 200),
      'Ação solidária', 'Sobre o evento.', 'Rua B', '2', 'Centro', i.city, i.state,
      case when i.n % 10 = 0 then 'PENDING' else 'APPROVED' end
    from (
      select user_id, city, state, substring(cnpj from '[1-9][0-9]*$')::int as n
      from institutions
    ) as i`);
  // What autovacuum does on a server after a bulk insert: refresh the statistics and move the
  // GIN indexes' pending lists into the index proper. Without it the planner sees trigram
  // indexes whose size it cannot judge and prefers scanning a table this small.
  await db.execute(sql`vacuum analyze institutions`);
  await db.execute(sql`vacuum analyze events`);
  // The narrow copy the trigger filled: its tiers' plans rest on its statistics (ADR 0040).
  await db.execute(sql`vacuum analyze directory_search`);
}, 400_000);

afterAll(async () => {
  await database?.dispose();
});

/** The plan PostgreSQL picks for a Drizzle query, with the same bound parameters. */
const explain = (query: ExplainableQuery) => explainPlan(db, query);

describe("directory query", () => {
  const filters = { search: "", uf: "", city: "", type: null };

  // Since ADR 0040 a lone search reads its tiers (name, card, document, "contains") one after
  // the other: a rare term's come from each tier's own index of the narrow table.
  it("answers a lone search from the narrow table's full-text and trigram indexes", async () => {
    const plan = await explain(searchIndexQuery(rareTerm(1234), 1));
    expect(plan).toContain("Bitmap Index Scan on directory_search_name_document_idx");
    expect(plan).toContain("Bitmap Index Scan on directory_search_card_document_idx");
    expect(plan).toContain("Bitmap Index Scan on directory_search_trgm_idx");
    expect(plan).toContain("Bitmap Index Scan on directory_search_document_idx");
  });

  it("uses the full-text and trigram indexes when the search is combined with other filters", async () => {
    const plan = await explain(
      directoryIdsQuery({ ...filters, search: rareTerm(4321), uf: "PR", type: "ONLINE" }, 1),
    );
    expect(plan).toContain("Bitmap Index Scan on institutions_search_trgm_idx");
    expect(plan).toContain("Bitmap Index Scan on institutions_search_document_idx");
  });

  it("walks the names through the covering index, without reading the table", async () => {
    const plan = await explain(directoryIdsQuery(filters, 3));
    expect(plan).toContain("Index Only Scan using institutions_approved_directory_idx");
  });

  it.each([
    ["the list API's page", plainDirectoryQuery],
    ["the directory page's page and count", plainDirectoryPageWithTotalQuery],
  ])("keeps %s, prepared, on the covering index once it has run often", async (_what, query) => {
    // PostgreSQL may switch a prepared statement to a generic plan after five runs; the page's
    // LIMIT and OFFSET are then unknown to it. The plan it would use must still walk the index.
    const { $client: driver } = db as unknown as {
      $client: {
        query: (text: string) => Promise<{ rows: object[] }>;
        connect?: () => Promise<{
          query: (text: string) => Promise<{ rows: object[] }>;
          release: () => void;
        }>;
      };
    };
    const connection = driver.connect ? await driver.connect() : { ...driver, release: () => {} };
    try {
      const { sql: text, params } = query().toSQL();
      await connection.query(`prepare plain_page as ${text}`);
      // The statement's values: its constants as literals, its placeholders as a page's window.
      const values = (window: Record<string, number>) =>
        params
          .map((param) =>
            param instanceof Placeholder
              ? String(window[param.name])
              : `'${String(param).replaceAll("'", "''")}'`,
          )
          .join(", ");
      for (let page = 0; page < 8; page++)
        await connection.query(`execute plain_page(${values({ limit: 21, offset: page * 20 })})`);
      const plan = (
        await connection.query(`explain execute plain_page(${values({ limit: 21, offset: 40 })})`)
      ).rows
        .map((row) => Object.values(row)[0])
        .join("\n");
      expect(plan).toContain("Index Only Scan using institutions_approved_directory_idx");
      expect(plan).not.toContain("Seq Scan");
      const page = await listApprovedInstitutions(filters, 3);
      const expected = (await directoryIdsQuery(filters, 3)).map((row) => row.id).slice(0, 20);
      expect(page.items.map((item) => item.id)).toEqual(expected);
    } finally {
      await connection.query("deallocate plain_page").catch(() => {});
      connection.release();
    }
  });

  it("answers the plain directory's page and count in one statement, as the two queries do", async () => {
    const approved = ROWS - ROWS / 10;
    const lastPage = Math.ceil(approved / 20);
    for (const page of [1, 2, lastPage, lastPage + 1]) {
      const counted = await listAndCountApprovedInstitutions(filters, page);
      expect(counted.list).toEqual(await listApprovedInstitutions(filters, page));
      expect(counted.total).toBe(await countApprovedInstitutions(filters));
    }
    // Past the end no row carries the count: it is still the directory's.
    const past = await listAndCountApprovedInstitutions(filters, lastPage + 1);
    expect(past.list.items).toEqual([]);
    expect(past.total).toBe(LIST_COUNT_CAP + 1);
    // A search or a filter is listed and counted as before.
    const state = { ...filters, uf: "PA" };
    const inState = await listAndCountApprovedInstitutions(state, 1);
    expect(inState.list).toEqual(await listApprovedInstitutions(state, 1));
    expect(inState.total).toBe(await countApprovedInstitutions(state));
  });

  it("finds a name typed without accents or capitals, approved institutions only", async () => {
    const approved = await listApprovedInstitutions(
      { ...filters, search: `ASSOCIACAO ACAO ${md5("1234")}` },
      1,
    );
    expect(approved.items.map((item) => item.name)).toEqual([`Associação Ação ${md5("1234")}`]);
    const pending = await listApprovedInstitutions({ ...filters, search: md5("1230") }, 1);
    expect(pending.items).toEqual([]);
  });

  it("gives a lone search the pages of the plain query, whether its matches come first or last", async () => {
    // Names are "Associação Ação <md5>" in md5 order: "acao 0" matches the first sixteenth of
    // the names, "acao f" the last sixteenth; the narrow table ranks them as the plain query does.
    for (const search of ["acao 0", "acao f", "cultura", rareTerm(1234), "sem resultado"]) {
      for (const page of [1, 2, 7]) {
        const expected = (await directoryIdsQuery({ ...filters, search }, page)).map((r) => r.id);
        const result = await listApprovedInstitutions({ ...filters, search }, page);
        expect(
          result.items.map((item) => item.id),
          `${search}, page ${page}`,
        ).toEqual(expected.slice(0, 20));
        expect(result.hasMore).toBe(expected.length > 20);
      }
    }
  });

  it("keeps the narrow search table equal to the approved institutions", async () => {
    const copy = async () =>
      (
        await db.execute<{ id: string; name: string; text: string }>(sql`
          select d.institution_id as id, d.name, d.search_text as text from directory_search d
          full join (select * from institutions where status = 'APPROVED') i
            on i.user_id = d.institution_id
          where d.institution_id is null or i.user_id is null
            or d.name <> i.name or d.search_text <> i.search_text
            or d.document <> i.search_document`)
      ).rows;
    const count = async () =>
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from directory_search`))
        .rows[0]?.n;
    expect(await copy()).toEqual([]);
    const approved = Math.round((ROWS * 9) / 10);
    expect(await count()).toBe(approved);

    const [row] = (
      await db.execute<{ id: string }>(
        sql`select user_id as id from institutions where status = 'PENDING' limit 1`,
      )
    ).rows as [{ id: string }];
    const term = "Lar Esperança Nova";
    const found = async () =>
      (await listApprovedInstitutions({ ...filters, search: "lar esperanca" }, 1)).items.map(
        (item) => item.id,
      );
    await db.execute(sql`update institutions set name = ${term} where user_id = ${row.id}`);
    expect(await found()).toEqual([]);
    await db.execute(sql`update institutions set status = 'APPROVED' where user_id = ${row.id}`);
    expect(await found()).toEqual([row.id]);
    await db.execute(sql`update institutions set city = 'Xique-Xique' where user_id = ${row.id}`);
    expect(
      (await listApprovedInstitutions({ ...filters, search: "xique" }, 1)).items.map((i) => i.id),
    ).toEqual([row.id]);
    // The about text is searched too (ADR 0028): the copy follows it.
    await db.execute(
      sql`update institutions set about = 'Cuidamos de tartarugas marinhas.' where user_id = ${row.id}`,
    );
    expect(
      (await listApprovedInstitutions({ ...filters, search: "tartaruga" }, 1)).items.map(
        (i) => i.id,
      ),
    ).toEqual([row.id]);
    await db.execute(sql`update institutions set status = 'REJECTED' where user_id = ${row.id}`);
    expect(await found()).toEqual([]);
    await db.execute(sql`update institutions set status = 'APPROVED' where user_id = ${row.id}`);
    await db.execute(sql`delete from users where id = ${row.id}`);
    expect(await found()).toEqual([]);
    expect(await copy()).toEqual([]);
    expect(await count()).toBe(approved);
  });

  it("treats LIKE wildcards as text", async () => {
    const page = await listApprovedInstitutions({ ...filters, search: "%" }, 1);
    expect(page.items).toEqual([]);
  });

  it("pages without overlap, best matches first, and says when the list ends", async () => {
    // Ranked since ADR 0028: the search's words may match anywhere (ordering by name is checked
    // on the plain list below); the count is the one shown above the list.
    const narrow = { ...filters, uf: "PE", search: "associacao acao 0" };
    const seen = new Set<string>();
    let page = 1;
    for (;;) {
      const result = await listApprovedInstitutions(narrow, page);
      for (const item of result.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      if (!result.hasMore) break;
      expect(result.items).toHaveLength(20);
      page += 1;
    }
    expect(seen.size).toBe(await countApprovedInstitutions(narrow));
    const [{ total }] = (
      await db.execute<{ total: number }>(sql`
        select count(*)::int as total from institutions
        where status = 'APPROVED' and state = 'PE'
          and search_text like '%' || immutable_unaccent(lower('associacao acao 0')) || '%'`)
    ).rows as [{ total: number }];
    // Every "contains" match is found, and the words' prefixes find more (a summary's md5).
    expect(seen.size).toBeGreaterThanOrEqual(total);
    expect(page).toBeGreaterThan(1);
  });

  it("pages the plain list by name and counts it", async () => {
    const plain = { ...filters, uf: "PE" };
    const names: string[] = [];
    for (let page = 1; ; page += 1) {
      const result = await listApprovedInstitutions(plain, page);
      names.push(...result.items.map((item) => item.name));
      if (!result.hasMore) break;
    }
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Counted up to the cap, then "Mais de 1.000".
    expect(names.length).toBeGreaterThan(LIST_COUNT_CAP);
    expect(await countApprovedInstitutions(plain)).toBe(LIST_COUNT_CAP + 1);
    expect(await countApprovedInstitutions(filters)).toBe(LIST_COUNT_CAP + 1);
    const rare = { ...filters, search: rareTerm(1234) };
    expect(await countApprovedInstitutions(rare)).toBe(1);
  });

  it("does not show a pending institution's page", async () => {
    const [pending] = (
      await db.execute<{ id: string }>(
        sql`select user_id as id from institutions where status = 'PENDING' limit 1`,
      )
    ).rows as [{ id: string }];
    expect(await findApprovedInstitution(pending.id)).toBeNull();
    expect(await findApprovedInstitution("not-a-uuid")).toBeNull();
  });
});

describe("directory count (ADR 0040)", () => {
  const filters = { search: "", uf: "", city: "", type: null };
  const approved = Math.round((ROWS * 9) / 10);

  it("says more than 1 000 for a word the statistics put everywhere, and counts the others", async () => {
    expect(await countApprovedInstitutions({ ...filters, search: "associação" })).toBe(
      LIST_COUNT_CAP + 1,
    );
    expect(approved).toBeGreaterThan(LIST_COUNT_CAP);
    for (const search of ["acao 0", "acao f", "cultura 1", rareTerm(99), "sem resultado"]) {
      let found = 0;
      for (let page = 1; ; page += 1) {
        const result = await listApprovedInstitutions({ ...filters, search }, page);
        found += result.items.length;
        if (!result.hasMore) break;
      }
      expect(await countApprovedInstitutions({ ...filters, search }), search).toBe(
        Math.min(found, LIST_COUNT_CAP + 1),
      );
    }
  });
});

describe("events query", () => {
  const filters = { search: "", uf: "", city: "", period: "upcoming" as const };

  it("uses the trigram and full-text indexes for a search, upcoming and past", async () => {
    for (const period of ["upcoming", "past"] as const) {
      const plan = await explain(eventListQuery({ ...filters, period, search: rareTerm(777) }, 1));
      expect(plan).toContain("Bitmap Index Scan on events_search_trgm_idx");
      expect(plan).toContain("Bitmap Index Scan on events_search_document_idx");
    }
  });

  it("lists upcoming events soonest first and past ones latest first", async () => {
    const today = todayInBrazil();
    const upcoming = await listApprovedEvents({ ...filters, uf: "SP" }, 1);
    const upcomingDates = upcoming.items.map((event) => event.eventDate);
    expect(upcomingDates.every((date) => date >= today)).toBe(true);
    expect(upcomingDates).toEqual([...upcomingDates].sort());
    const past = await listApprovedEvents({ ...filters, uf: "SP", period: "past" }, 1);
    const pastDates = past.items.map((event) => event.eventDate);
    expect(pastDates.every((date) => date < today)).toBe(true);
    expect(pastDates).toEqual([...pastDates].sort().reverse());
  });

  it("finds an event typed without accents", async () => {
    const term = md5("4242");
    const upcoming = await listApprovedEvents({ ...filters, search: `mutirao ${term}` }, 1);
    const past = await listApprovedEvents(
      { ...filters, period: "past", search: `MUTIRAO ${term}` },
      1,
    );
    expect([...upcoming.items, ...past.items].map((event) => event.name)).toEqual([
      `Mutirão ${term}`,
    ]);
  });
});
