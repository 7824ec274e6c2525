import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { events, participations, users } from "~/db/schema";
import {
  listMyParticipations,
  myParticipationsQuery,
} from "~/participation/my-participations.server";
import { countPlatform } from "~/platform/platform-counts.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { type TestDatabase, testDatabase } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";

/**
 * The volunteer home's participations and the landing page's platform counts (issue 15, item 8)
 * on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The day is passed
 * in (`today`), never read from the clock.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let people = 0;

const TODAY = "2026-12-01";

function day(offset: number): string {
  const date = new Date(`${TODAY}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

async function volunteer(): Promise<string> {
  people += 1;
  const [row] = await db
    .insert(users)
    .values({ email: `v${people}@teste.org.br`, name: `Pessoa ${people}`, profile: "VOLUNTEER" })
    .returning({ id: users.id });
  return row?.id ?? "";
}

async function event(
  name: string,
  offset: number,
  more: Partial<typeof events.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({
      institutionId,
      name,
      eventDate: day(offset),
      resume: "Resumo.",
      about: "Sobre.",
      street: "Rua A",
      number: "1",
      neighborhood: "Centro",
      city: "Recife",
      state: "PE",
      status: "APPROVED",
      ...more,
    })
    .returning({ id: events.id });
  return row?.id ?? "";
}

let minute = 0;
/** A participation joined one minute after the previous one (the waitlist's order). */
async function take(eventId: string, userId: string, status: string) {
  minute += 1;
  await db.insert(participations).values({
    eventId,
    userId,
    status,
    joinedAt: new Date(Date.UTC(2026, 10, 1, 0, minute)),
  });
}

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  institutionId = await insertInstitution(db, {
    name: "Instituto Maré",
    email: "mare@teste.org.br",
    status: "APPROVED",
  });
});

afterAll(async () => {
  await database?.dispose();
});

describe("a volunteer's participations", () => {
  it("lists upcoming ones soonest first with the waitlist position, and past confirmed ones latest first", async () => {
    const [ana, bia, caio] = [await volunteer(), await volunteer(), await volunteer()];
    const later = await event("Mutirão depois", 10, { startTime: "09:00", endTime: "12:00" });
    const sameDayLate = await event("Oficina à tarde", 2, { startTime: "14:00", endTime: "16:00" });
    const sameDayAllDay = await event("Feira o dia todo", 2);
    const full = await event("Plantão lotado", 5, { places: 1, format: "ONLINE" });
    const today = await event("Hoje cedo", 0, { startTime: "00:00", endTime: "01:00" });
    const pastOld = await event("Campanha antiga", -30);
    const pastRecent = await event("Campanha recente", -1);
    const deleted = await event("Evento excluído", 3, { status: "DELETED" });
    const left = await event("Evento que deixei", 4);
    const removed = await event("Evento de que fui retirada", 4);
    const waitedPast = await event("Espera que passou", -2);

    await take(full, bia, "CONFIRMED");
    await take(full, caio, "WAITLISTED");
    for (const [eventId, status] of [
      [later, "CONFIRMED"],
      [sameDayLate, "CONFIRMED"],
      [sameDayAllDay, "WAITLISTED"],
      [full, "WAITLISTED"],
      [today, "CONFIRMED"],
      [pastOld, "CONFIRMED"],
      [pastRecent, "CONFIRMED"],
      [deleted, "CONFIRMED"],
      [left, "CANCELLED"],
      [removed, "REMOVED"],
      [waitedPast, "WAITLISTED"],
    ] as const) {
      await take(eventId, ana, status);
    }

    const lists = await listMyParticipations(ana, { today: TODAY });
    expect(
      lists.upcoming.map((item) => [item.eventName, item.status, item.waitlistPosition]),
    ).toEqual([
      ["Hoje cedo", "CONFIRMED", null],
      ["Feira o dia todo", "WAITLISTED", 1],
      ["Oficina à tarde", "CONFIRMED", null],
      ["Plantão lotado", "WAITLISTED", 2],
      ["Mutirão depois", "CONFIRMED", null],
    ]);
    expect(lists.upcoming[3]).toMatchObject({
      eventId: full,
      institutionName: "Instituto Maré",
      eventDate: day(5),
      format: "ONLINE",
    });
    expect(lists.upcoming[4]).toMatchObject({ startTime: "09:00:00", endTime: "12:00:00" });
    expect(lists.past.map((item) => item.eventName)).toEqual([
      "Campanha recente",
      "Campanha antiga",
    ]);
    expect(lists.morePast).toBe(false);
    // Someone else's list holds only their own rows.
    expect((await listMyParticipations(bia, { today: TODAY })).upcoming).toEqual([
      expect.objectContaining({ eventName: "Plantão lotado", status: "CONFIRMED" }),
    ]);
  });

  it("shows the 10 latest past events, and up to 100 when asked, saying when there are more", async () => {
    const dora = await volunteer();
    for (let index = 1; index <= 12; index += 1) {
      await take(
        await event(`Passado ${String(index).padStart(2, "0")}`, -index),
        dora,
        "CONFIRMED",
      );
    }
    const latest = await listMyParticipations(dora, { today: TODAY });
    expect(latest.past).toHaveLength(10);
    expect(latest.past[0]?.eventName).toBe("Passado 01");
    expect(latest.past[9]?.eventName).toBe("Passado 10");
    expect(latest.morePast).toBe(true);
    const all = await listMyParticipations(dora, { today: TODAY, allPast: true });
    expect(all.past).toHaveLength(12);
    expect(all.morePast).toBe(false);
  });

  it("is empty for a person who never took part", async () => {
    expect(await listMyParticipations(await volunteer(), { today: TODAY })).toEqual({
      upcoming: [],
      past: [],
      morePast: false,
    });
  });
});

/** EXPLAIN of a Drizzle query on the test database: the plan's lines. */
const explain = (query: ExplainableQuery) => explainPlan(db, query, "(costs off)");

describe("the home's queries", () => {
  it("read the person's rows through participations_user_idx among 6 000 of other people and 5 000 events", async () => {
    const ana = await volunteer();
    await take(await event("Da Ana", 3), ana, "CONFIRMED");
    // 60 events x 100 other volunteers, half of them in the past.
    await db.execute(sql`insert into users (email, name, profile)
      select 'muitos' || n || '@teste.org.br', 'Pessoa ' || n, 'VOLUNTEER' from generate_series(1, 100) n`);
    await db.execute(sql`insert into events (institution_id, name, event_date, resume, about,
        street, number, neighborhood, city, state, status)
      select ${institutionId}, 'Em massa ' || n, ${TODAY}::date + (n - 30), 'R.', 'S.', 'Rua', '1',
        'Centro', 'Recife', 'PE', 'APPROVED' from generate_series(1, 60) n`);
    await db.execute(sql`insert into participations (event_id, user_id, status)
      select e.id, u.id, 'CONFIRMED' from events e cross join users u
      where e.name like 'Em massa %' and u.email like 'muitos%'`);
    // And many more events nobody joined: the person's few rows lead, each event found by its key.
    await db.execute(sql`insert into events (institution_id, name, event_date, resume, about,
        street, number, neighborhood, city, state, status)
      select ${institutionId}, 'Vazio ' || n, ${TODAY}::date + (n % 400 - 200), 'R.', 'S.', 'Rua',
        '1', 'Centro', 'Recife', 'PE', 'APPROVED' from generate_series(1, 5000) n`);
    await db.execute(sql`analyze`);
    // The statement the home runs: each of its two sides starts from the person's own rows.
    const plan = await explain(myParticipationsQuery(ana, TODAY, 11));
    expect(plan.match(/participations_user_idx/g)).toHaveLength(2);
    expect(plan).not.toMatch(/Seq Scan on (participations|events)/);
  });
});

describe("the platform's counts", () => {
  it("counts volunteer accounts, approved institutions, past approved events and places held", async () => {
    const before = await countPlatform(TODAY);
    await insertInstitution(db, { name: "Em análise", email: "pendente@teste.org.br" });
    await insertInstitution(db, {
      name: "Aprovada",
      email: "aprovada@teste.org.br",
      status: "APPROVED",
    });
    const [eva, fabio, gil] = [await volunteer(), await volunteer(), await volunteer()];
    const past = await event("Contado: passou", -5, { places: 2 });
    await event("Não contado: hoje", 0);
    await event("Não contado: passou, reprovado", -5, { status: "REJECTED" });
    const rejected = await event("Não contado: excluído", 5, { status: "DELETED" });
    const upcoming = await event("Vagas de um evento futuro", 5);
    await take(past, eva, "CONFIRMED");
    await take(past, fabio, "CONFIRMED");
    await take(past, gil, "WAITLISTED");
    await take(upcoming, eva, "CONFIRMED");
    await take(upcoming, fabio, "CANCELLED");
    await take(upcoming, gil, "REMOVED");
    await take(rejected, gil, "CONFIRMED");

    expect(await countPlatform(TODAY)).toEqual({
      volunteers: before.volunteers + 3,
      institutions: before.institutions + 1,
      pastEvents: before.pastEvents + 1,
      filledPlaces: before.filledPlaces + 3,
    });
  });
});
