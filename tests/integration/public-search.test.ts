import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { monthOf, todayInBrazil, weekOf } from "~/events/event-dates";
import { readEventListParams } from "~/events/event-list.server";
import {
  countApprovedEvents,
  type EventFilters,
  listApprovedEvents,
} from "~/events/public-events.server";
import { readDirectoryParams } from "~/institutions/directory.server";
import {
  countApprovedInstitutions,
  type InstitutionFilters,
  listApprovedInstitutions,
} from "~/institutions/public-institutions.server";
import { CAUSES } from "~/seed/content/causes.server";
import { seedDemoData } from "~/seed/demo-seed.server";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * The Portuguese full-text search (ADR 0028), the counts and the events' date and format filters
 * on the demo data people see after `npm start` (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set).
 */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  await seedDemoData(db);
}, 180_000);

afterAll(async () => {
  await database?.dispose();
});

const noFilters: InstitutionFilters = { search: "", uf: "", city: "", type: null, causes: [] };

/** Every page of a directory search, in order. */
async function searchAll(search: string, filters: Partial<InstitutionFilters> = {}) {
  const found: { id: string; name: string }[] = [];
  for (let page = 1; ; page += 1) {
    const result = await listApprovedInstitutions({ ...noFilters, ...filters, search }, page);
    found.push(...result.items);
    if (!result.hasMore) return found;
  }
}

/** Every page of the events list under filters. */
async function eventsAll(filters: EventFilters) {
  const found: Awaited<ReturnType<typeof listApprovedEvents>>["items"] = [];
  for (let page = 1; ; page += 1) {
    const result = await listApprovedEvents(filters, page);
    found.push(...result.items);
    if (!result.hasMore) return found;
  }
}

const unaccented = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

async function approvedInstitutions() {
  return (
    await db.execute<{ id: string; name: string; text: string }>(sql`
      select user_id as id, name, name || ' ' || summary || ' ' || about || ' ' || city as text
      from institutions where status = 'APPROVED'`)
  ).rows;
}

describe("directory search on the demo data", () => {
  it('finds every approved institution whose text speaks of animals for "animais"', async () => {
    // Read from the seed's own texts, not from the search: a word for animals in any field.
    const animalWords =
      /\b(animal|animais|caes|cao|cachorros?|gatos?|gatinhos?|bichos?|felinos?|caninos?)\b/;
    const institutions = await approvedInstitutions();
    const expected = institutions
      .filter((row) => animalWords.test(unaccented(row.text)))
      .map((row) => row.name)
      .sort();
    // Every animal-protection institution of the seed that is approved is among them.
    const animalCause = CAUSES.find((cause) => cause.key === "animais")?.institutionNames ?? [];
    const approvedAnimalCause = institutions
      .map((row) => row.name)
      .filter((name) => animalCause.includes(name));
    expect(approvedAnimalCause.length).toBeGreaterThan(1);
    expect(expected).toEqual(expect.arrayContaining(approvedAnimalCause));

    const found = (await searchAll("animais")).map((row) => row.name);
    expect([...found].sort()).toEqual(expected);
    expect(await countApprovedInstitutions({ ...noFilters, search: "animais" })).toBe(
      expected.length,
    );
    // The singular finds the same institutions.
    expect((await searchAll("animal")).map((row) => row.name).sort()).toEqual(expected);
  });

  it("finds words typed without accents, capitals or their endings", async () => {
    const institutions = await approvedInstitutions();
    for (const [typed, word] of [
      ["maos", /\bmaos\b/],
      ["MÃOS", /\bmaos\b/],
      ["educacao", /\beducacao\b/],
      ["educa", /\beduca/],
    ] as const) {
      const expected = institutions.filter((row) => word.test(unaccented(row.text)));
      expect(expected.length, typed).toBeGreaterThan(0);
      const found = await searchAll(typed);
      expect(
        found.map((row) => row.id),
        typed,
      ).toEqual(expect.arrayContaining(expected.map((row) => row.id)));
    }
    // A fragment from inside a name is still found (the trigram "contains" fallback).
    const [mine] = institutions.filter((row) => row.name.includes("Mãos que Ajudam"));
    expect(mine).toBeDefined();
    expect((await searchAll("que ajud")).map((row) => row.id)).toContain(mine?.id);
  });

  it("puts a match in the name before one in the summary, and that before the about text", async () => {
    const base = await db.execute<{ id: string }>(sql`
      select user_id as id from institutions where status = 'APPROVED' order by name limit 3`);
    const [inAbout, inSummary, inName] = base.rows.map((row) => row.id);
    await db.execute(sql`update institutions set
      name = 'Casa Quelônios', summary = 'Cuidamos da praia.', about = 'Trabalhamos com a comunidade.'
      where user_id = ${inName}`);
    await db.execute(sql`update institutions set
      name = 'Grupo Mar Azul', summary = 'Proteção de quelônios marinhos.', about = 'Educação ambiental.'
      where user_id = ${inSummary}`);
    await db.execute(sql`update institutions set
      name = 'Instituto Areia', summary = 'Educação ambiental na praia.',
      about = 'Entre outras ações, monitoramos ninhos de quelônios.'
      where user_id = ${inAbout}`);
    const found = await searchAll("quelonio");
    expect(found.map((row) => row.id)).toEqual([inName, inSummary, inAbout]);
    // Combined with another filter the order is the same.
    const [state] = (
      await db.execute<{ state: string }>(
        sql`select state from institutions where user_id = ${inName}`,
      )
    ).rows;
    const sameState = await searchAll("quelonio", { uf: state?.state ?? "" });
    expect(sameState[0]?.id).toBe(inName);
  });

  it("counts the whole list without a search", async () => {
    const [row] = (
      await db.execute<{ n: number }>(
        sql`select count(*)::int as n from institutions where status = 'APPROVED'`,
      )
    ).rows;
    expect(await countApprovedInstitutions(noFilters)).toBe(row?.n);
    expect(row?.n).toBeGreaterThan(20);
    expect(await countApprovedInstitutions({ ...noFilters, search: "sem resultado xyz" })).toBe(0);
  });

  it("reads the directory's URL the same way for the page and the API", () => {
    const { filters, query } = readDirectoryParams(
      new URL("http://x/instituicoes?busca=%20animais%20&uf=xx&tipo=nada"),
    );
    expect(filters).toEqual({ search: "animais", uf: "", city: "", type: null, causes: [] });
    expect(query).toEqual({ busca: "animais", uf: "", cidade: "", tipo: "", causa: [] });
  });
});

describe("events filters on the demo data", () => {
  const today = todayInBrazil();
  const upcoming: EventFilters = { search: "", uf: "", city: "", period: "upcoming" };

  async function approvedEvents() {
    return (
      await db.execute<{ id: string; date: string; format: string }>(sql`
        select id, event_date::text as date, format from events where status = 'APPROVED'`)
    ).rows;
  }

  it("has demo events online and hybrid", async () => {
    const formats = new Set(
      (await approvedEvents()).filter((row) => row.date >= today).map((row) => row.format),
    );
    expect([...formats].sort()).toEqual(["HIBRIDO", "ONLINE", "PRESENCIAL"]);
  });

  it("filters by format: online shows online and hybrid, in person shows in person and hybrid", async () => {
    const all = (await approvedEvents()).filter((row) => row.date >= today);
    for (const [format, shown] of [
      ["ONLINE", ["ONLINE", "HIBRIDO"]],
      ["PRESENCIAL", ["PRESENCIAL", "HIBRIDO"]],
    ] as const) {
      const expected = all.filter((row) => (shown as readonly string[]).includes(row.format));
      const found = await eventsAll({ ...upcoming, format });
      expect(found.map((event) => event.id).sort(), format).toEqual(
        expected.map((row) => row.id).sort(),
      );
      expect(found.every((event) => (shown as readonly string[]).includes(event.format))).toBe(
        true,
      );
      expect(await countApprovedEvents({ ...upcoming, format })).toBe(expected.length);
    }
  });

  it("filters by this week, this month and a chosen range, never showing past events", async () => {
    const all = await approvedEvents();
    const week = weekOf(today);
    const month = monthOf(today);
    const dates = all
      .map((row) => row.date)
      .filter((date) => date >= today)
      .sort();
    const chosen = { from: dates[2] ?? today, to: dates[8] ?? today };
    for (const [label, range] of [
      ["semana", week],
      ["mes", month],
      ["intervalo", chosen],
    ] as const) {
      const expected = all.filter(
        (row) => row.date >= today && row.date >= range.from && row.date <= range.to,
      );
      const filters = { ...upcoming, from: range.from, to: range.to };
      const found = await eventsAll(filters);
      expect(found.map((event) => event.id).sort(), label).toEqual(
        expected.map((row) => row.id).sort(),
      );
      expect(await countApprovedEvents(filters), label).toBe(expected.length);
    }
    // A range in the past shows nothing among upcoming events, and its events among past ones.
    const pastDates = all.map((row) => row.date).filter((date) => date < today);
    const oldest = pastDates.sort()[0] ?? today;
    expect(await countApprovedEvents({ ...upcoming, from: oldest, to: oldest })).toBe(0);
    expect(
      await countApprovedEvents({ ...upcoming, period: "past", from: oldest, to: oldest }),
    ).toBe(pastDates.filter((date) => date === oldest).length);
  });

  it("combines the date and format filters with the search, state and count", async () => {
    const [event] = (
      await db.execute<{ name: string; state: string; date: string; format: string }>(sql`
        select name, state, event_date::text as date, format from events
        where status = 'APPROVED' and format = 'HIBRIDO' and event_date >= ${today}::date
        order by event_date limit 1`)
    ).rows;
    expect(event).toBeDefined();
    if (!event) return;
    const filters: EventFilters = {
      ...upcoming,
      search: event.name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""),
      uf: event.state,
      from: event.date,
      to: event.date,
      format: "ONLINE",
    };
    const found = await eventsAll(filters);
    expect(found.map((row) => row.name)).toContain(event.name);
    expect(await countApprovedEvents(filters)).toBe(found.length);
  });

  it("reads the events' URL: bad values are ignored, a backwards range is read forwards", () => {
    const read = (query: string) =>
      readEventListParams(new URL(`http://x/eventos?${query}`), today);
    expect(read("periodo=semana&formato=online").filters).toMatchObject({
      from: weekOf(today).from,
      to: weekOf(today).to,
      format: "ONLINE",
    });
    expect(read("periodo=MES&formato=Presencial").query).toMatchObject({
      periodo: "mes",
      formato: "presencial",
    });
    for (const bad of [
      "periodo=ano&formato=teleporte",
      "de=2026-02-30&ate=amanha",
      "de=0000-01-01&ate=99999-01-01",
      "de=%00&ate=%3Cscript%3E",
      "de=2026-1-1",
    ]) {
      const { filters, query } = read(bad);
      expect(filters, bad).toMatchObject({ from: null, to: null, format: null });
      expect(query, bad).toMatchObject({ periodo: "", de: "", ate: "", formato: "" });
    }
    expect(read("de=2026-12-31&ate=2026-12-01").filters).toMatchObject({
      from: "2026-12-01",
      to: "2026-12-31",
    });
    // A chosen range inside "this month" narrows it.
    const month = monthOf(today);
    expect(read(`periodo=mes&de=${month.to}`).filters).toMatchObject({
      from: month.to,
      to: month.to,
    });
  });
});
