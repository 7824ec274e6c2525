import { createHash } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import { cnpj as cnpjValidator } from "cpf-cnpj-validator";
import { type SQL, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueMissingEventAgreements } from "~/agreements/event-agreements.server";
import type { Database } from "~/db/client.server";
import { todayInBrazil } from "~/events/event-dates";
import { isMunicipalityOf, listMunicipalities, listStates } from "~/geo/localities.server";
import { runHoursDueReminders } from "~/hours/hours-due.server";
import { BulkSeedError, bulkSeed } from "~/seed/bulk/bulk-seed.server";
import { BULK_FIRST_CNPJ_ROOT, cnpjForRoot, completeCnpj } from "~/seed/cnpj.server";
import { CAUSES, fillTemplate } from "~/seed/content/causes.server";
import {
  CLOSING_TEMPLATES,
  nameWithArticle,
  ORIGIN_TEMPLATES,
  VOLUNTEERING_TEMPLATES,
} from "~/seed/content/institution-texts.server";
import {
  cityPhrases,
  listCuratedCities,
  listLargeCities,
  NEIGHBORHOODS,
} from "~/seed/content/places.server";
import { type DemoSeedResult, seedDemoData } from "~/seed/demo-seed.server";
import { DEMO_PASSWORD } from "~/seed/passwords.server";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * The demo seed (first start of an empty development database) and the bulk seed behind
 * `npm run seed`, on a real database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
let database: TestDatabase;
let db: Database;
let demo: DemoSeedResult | null;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  demo = await seedDemoData(db);
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

async function rows<T>(query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(query);
  return Number(row?.n);
}

const TABLE_COUNTS = sql`select
  (select count(*) from users) as users,
  (select count(*) from institutions) as institutions,
  (select count(*) from events) as events,
  (select count(*) from volunteers) as volunteers,
  (select count(*) from volunteer_requests) as requests,
  (select count(*) from images) as images`;

type TableCounts = Record<
  "users" | "institutions" | "events" | "volunteers" | "requests" | "images",
  number
>;

async function tableCounts(): Promise<TableCounts> {
  const [row] = await rows<Record<keyof TableCounts, string | number>>(TABLE_COUNTS);
  if (!row) throw new Error("no counts");
  return {
    users: Number(row.users),
    institutions: Number(row.institutions),
    events: Number(row.events),
    volunteers: Number(row.volunteers),
    requests: Number(row.requests),
    images: Number(row.images),
  };
}

describe("demo seed", () => {
  it("reports what it wrote and a usable admin password", () => {
    expect(demo).not.toBeNull();
    expect(demo?.adminPassword).toMatch(/^(?=.*\p{L})(?=.*\d).{16}$/u);
    expect(demo?.counts.institutions).toBeGreaterThanOrEqual(35);
  });

  it("fills at least 30 approved institutions over at least 8 states, plus pending and rejected ones", async () => {
    const byStatus = await rows<{ status: string; n: number; states: number }>(
      sql`select status, count(*)::int as n, count(distinct state)::int as states from institutions group by status`,
    );
    const of = (status: string) => byStatus.find((row) => row.status === status);
    expect(of("APPROVED")?.n).toBeGreaterThanOrEqual(30);
    expect(of("APPROVED")?.states).toBeGreaterThanOrEqual(8);
    expect(of("PENDING")?.n).toBeGreaterThan(0);
    expect(of("REJECTED")?.n).toBeGreaterThan(0);
  });

  it("writes institutions that pass the product's own rules", async () => {
    const institutions = await rows<{
      name: string;
      cnpj: string;
      summary: string;
      about: string;
      contact_email: string;
      email: string;
      state: string;
      city: string;
      permit_divulgation: boolean;
      permit_divulgation_at: Date | null;
    }>(sql`select i.*, u.email from institutions i join users u on u.id = i.user_id`);
    for (const institution of institutions) {
      expect(cnpjValidator.isValid(institution.cnpj), institution.cnpj).toBe(true);
      expect(institution.cnpj).toMatch(/^\d{14}$/);
      expect(institution.name.length).toBeLessThanOrEqual(50);
      expect(institution.summary.length).toBeLessThanOrEqual(80);
      expect(institution.about.length).toBeLessThanOrEqual(1200);
      expect(institution.about).not.toMatch(/[{}]/);
      expect(institution.email.length).toBeLessThanOrEqual(50);
      expect(institution.contact_email).toMatch(/^[a-z0-9.-]+@exemplo\.org\.br$/);
      expect(institution.contact_email.length).toBeLessThanOrEqual(50);
      expect(isMunicipalityOf(institution.state, institution.city), institution.city).toBe(true);
      expect(institution.permit_divulgation_at !== null).toBe(institution.permit_divulgation);
    }
    expect(new Set(institutions.map((institution) => institution.cnpj)).size).toBe(
      institutions.length,
    );
  });

  it("fills at least 40 events across statuses, approved ones both upcoming and past", async () => {
    expect(await count(sql`select count(*) as n from events`)).toBeGreaterThanOrEqual(40);
    const statuses = await rows<{ status: string }>(sql`select distinct status from events`);
    expect(statuses.map((row) => row.status)).toEqual(
      expect.arrayContaining(["PENDING", "APPROVED", "REJECTED"]),
    );
    expect(
      await count(
        sql`select count(*) as n from events where status = 'APPROVED' and event_date > current_date`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*) as n from events where status = 'APPROVED' and event_date < current_date`,
      ),
    ).toBeGreaterThan(0);
    const tooLong = await count(sql`select count(*) as n from events
      where char_length(name) > 50 or char_length(resume) > 80 or about ~ '[{}]'`);
    expect(tooLong).toBe(0);
    // Events belong to approved institutions only.
    expect(
      await count(sql`select count(*) as n from events e join institutions i on i.user_id = e.institution_id
        where i.status <> 'APPROVED'`),
    ).toBe(0);
    // Each institution and event (the demo's and the generated) carries its cause (ADR 0045).
    for (const table of ["institutions", "events"]) {
      expect(
        await count(
          sql`select count(*) as n from ${sql.raw(table)} where cardinality(causes) <> 1`,
        ),
        table,
      ).toBe(0);
    }
  });

  it("fills at least 50 volunteers with real cities, some with a photo, and some applications", async () => {
    const volunteers = await rows<{ state: string; city: string; photo_image_id: string | null }>(
      sql`select v.* from volunteers v join users u on u.id = v.user_id where u.profile = 'VOLUNTEER'`,
    );
    expect(volunteers.length).toBeGreaterThanOrEqual(50);
    expect(volunteers.some((volunteer) => volunteer.photo_image_id !== null)).toBe(true);
    for (const volunteer of volunteers) {
      expect(isMunicipalityOf(volunteer.state, volunteer.city), volunteer.city).toBe(true);
    }
    expect(await count(sql`select count(*) as n from volunteer_requests`)).toBeGreaterThan(0);
  });

  it("creates exactly one admin, who signs in with the printed password", async () => {
    const admins = await rows<{ email: string; profile: string; password: string }>(sql`
      select u.email, u.profile, a.password from users u
      join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id::text
      where u.role = 'ADMIN'`);
    expect(admins).toHaveLength(1);
    const [admin] = admins;
    expect(admin?.email).toBe(demo?.adminEmail);
    expect(admin?.profile).toBe("ADMIN");
    expect(
      await verifyPassword({ hash: admin?.password ?? "", password: demo?.adminPassword ?? "" }),
    ).toBe(true);
  });

  it("gives every other account the documented demo password", async () => {
    const [account] = await rows<{ password: string }>(sql`
      select a.password from accounts a join users u on u.id = a.user_id
      where u.profile = 'VOLUNTEER' limit 1`);
    expect(await verifyPassword({ hash: account?.password ?? "", password: DEMO_PASSWORD })).toBe(
      true,
    );
    expect(
      await count(sql`select count(*) as n from users u
        where not exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential')`),
    ).toBe(0);
  });

  it("references only images that exist, decode and match their stored size and digest", async () => {
    const missing = await count(sql`
      select count(*) as n from (
        select profile_image_id as id from institutions union all
        select cover_image_id from institutions union all
        select cover_image_id from events union all
        select photo_image_id from volunteers
      ) referenced
      where id is not null and not exists (select 1 from images where images.id = referenced.id)`);
    expect(missing).toBe(0);
    expect(
      await count(sql`select count(*) as n from institutions
        where profile_image_id is null or cover_image_id is null`),
    ).toBe(0);

    const images = await rows<{
      bytes: Buffer | Uint8Array;
      content_type: string;
      width: number;
      height: number;
      sha256: string;
    }>(sql`select bytes, content_type, width, height, sha256 from images`);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      const bytes = Buffer.from(image.bytes);
      const metadata = await sharp(bytes).metadata();
      expect(`image/${metadata.format}`).toBe(image.content_type);
      expect([metadata.width, metadata.height]).toEqual([image.width, image.height]);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(image.sha256);
    }
    // Covers suit the 851 x 315 minimum banner.
    expect(
      await count(sql`select count(*) as n from institutions i join images m on m.id = i.cover_image_id
        where m.width < 851 or m.height < 315`),
    ).toBe(0);
  });

  it("lets the example accounts show taking part and recognition, leaving the reminders nothing to do", async () => {
    const email = demo?.examples.volunteerEmail ?? "";
    const [person] = await rows<{ id: string }>(sql`select id from users where email = ${email}`);
    const volunteerId = person?.id ?? "";
    const places = await rows<{ past: boolean; accepted: boolean; minutes: number | null }>(sql`
      select e.event_date < ${todayInBrazil()}::date as past, a.accepted_at is not null as accepted,
        h.minutes
      from participations p join events e on e.id = p.event_id
      join agreements a on a.participation_id = p.id
      left join volunteer_hours h on h.event_id = e.id and h.volunteer_id = p.user_id
        and h.status = 'CONFIRMED'
      where p.user_id = ${volunteerId} and p.status = 'CONFIRMED' and e.status = 'APPROVED'
      order by e.event_date`);
    expect(places).toEqual([
      { past: true, accepted: true, minutes: 240 },
      { past: true, accepted: true, minutes: 240 },
      { past: false, accepted: false, minutes: null },
    ]);
    const [certificate] = await rows<{
      total_minutes: number;
      revoked_at: Date | null;
      signed: boolean;
    }>(sql`
      select total_minutes, revoked_at, representative_name is not null as signed
      from certificates where volunteer_id = ${volunteerId}`);
    expect(certificate).toEqual({ total_minutes: 240, revoked_at: null, signed: true });
    // Every demo institution names who signs its termos and certificates (ADR 0067), and the
    // example volunteer's termos carry them.
    expect(
      await count(sql`select count(*) as n from institutions where representative_name is null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from agreements a
        join participations p on p.id = a.participation_id
        where p.user_id = ${volunteerId} and a.representative_name is null`),
    ).toBe(0);
    // Others take part beside them, each place with its termo, each past one with its hours.
    expect(await count(sql`select count(*) as n from participations`)).toBeGreaterThan(3);
    expect(await issueMissingEventAgreements()).toBe(0);
    expect(await runHoursDueReminders()).toBe(0);
  });

  it("gives every accepted application its accepted termo, and the example institution months of hours to decide", async () => {
    expect(
      await count(sql`select count(*) as n from volunteer_requests r
        where r.status = 'ACCEPTED' and not exists (select 1 from agreements a
          where a.request_id = r.id and a.accepted_at is not null)`),
    ).toBe(0);
    const email = demo?.examples.institutionEmail ?? "";
    const pending = await rows<{
      volunteer_id: string;
      worked_on: string;
      accepted_on: string;
    }>(sql`
      select h.volunteer_id, h.worked_on::text, r.decided_at::date::text as accepted_on
      from volunteer_hours h join users u on u.id = h.institution_id
      join volunteer_requests r on r.id = h.request_id
      where u.email = ${email} and h.kind = 'ONGOING' and h.status = 'PENDING'`);
    // Two volunteers, two months each: enough to show one decided and many declined at once.
    expect(new Set(pending.map((row) => row.volunteer_id)).size).toBe(2);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const month = todayInBrazil().slice(0, 7);
    for (const row of pending) {
      // Within the relationship (ADR 0070): from the month of acceptance, never ahead.
      expect(row.worked_on.slice(0, 7) >= row.accepted_on.slice(0, 7)).toBe(true);
      expect(row.worked_on.slice(0, 7) <= month).toBe(true);
    }
  });

  it("gives the example institution a team: the example volunteer coordinates, another runs one event, one invitation waits", async () => {
    const institution = demo?.examples.institutionEmail ?? "";
    const volunteer = demo?.examples.volunteerEmail ?? "";
    const team = await rows<{ email: string; role: string; limited: boolean }>(sql`
      select u.email, m.role, m.limited from institution_members m
      join users u on u.id = m.user_id join users i on i.id = m.institution_id
      where i.email = ${institution} order by m.joined_at`);
    expect(team.map((row) => [row.role, row.limited])).toEqual([
      ["RESPONSAVEL", false],
      ["COORDENADOR", false],
      ["COORDENADOR", true],
    ]);
    expect(team[0]?.email).toBe(institution);
    expect(team[1]?.email).toBe(volunteer);
    expect(
      await count(sql`select count(*) as n from event_coordinators c
        join institution_members m on m.user_id = c.user_id and m.limited
        join events e on e.id = c.event_id and e.institution_id = m.institution_id`),
    ).toBe(1);
    expect(
      await count(sql`select count(*) as n from institution_invitations
        where accepted_at is null and cancelled_at is null and expires_at > now()`),
    ).toBe(1);
    // Every institution's own account is on its team (ADR 0077).
    expect(
      await count(sql`select count(*) as n from institutions i where not exists (select 1
        from institution_members m where m.institution_id = i.user_id and m.user_id = i.user_id
        and m.role = 'RESPONSAVEL')`),
    ).toBe(0);
  });

  it("makes the coming events look real: hours, places, links online, some full with a waitlist, some nearly full", async () => {
    const today = todayInBrazil();
    const coming = await rows<{
      format: string;
      start_time: string | null;
      end_time: string | null;
      places: number | null;
      online_link: string | null;
      days: number;
      confirmed: number;
      waiting: number;
    }>(sql`
      select e.format, e.start_time::text, e.end_time::text, e.places, e.online_link,
        e.event_date - ${today}::date as days,
        (select count(*)::int from participations p where p.event_id = e.id and p.status = 'CONFIRMED') as confirmed,
        (select count(*)::int from participations p where p.event_id = e.id and p.status = 'WAITLISTED') as waiting
      from events e where e.status = 'APPROVED' and e.event_date >= ${today}::date`);
    expect(coming.length).toBeGreaterThanOrEqual(10);
    // Spread over the coming weeks, the nearest within a few days.
    expect(Math.max(...coming.map((event) => event.days))).toBeLessThanOrEqual(42);
    expect(Math.min(...coming.map((event) => event.days))).toBeLessThanOrEqual(7);
    expect(coming.filter((event) => event.start_time !== null).length).toBeGreaterThan(
      coming.length / 2,
    );
    for (const event of coming) {
      expect(event.start_time === null).toBe(event.end_time === null);
      if (event.start_time && event.end_time) expect(event.end_time > event.start_time).toBe(true);
      expect(event.online_link !== null, event.format).toBe(event.format !== "PRESENCIAL");
      if (event.places !== null) expect(event.confirmed).toBeLessThanOrEqual(event.places);
      // A waitlist only behind a full event.
      if (event.waiting > 0) expect(event.confirmed).toBe(event.places);
    }
    expect(coming.some((event) => event.format !== "PRESENCIAL")).toBe(true);
    expect(coming.some((event) => event.places === null)).toBe(true);
    expect(coming.some((event) => event.waiting > 0)).toBe(true);
    expect(
      coming.some(
        (event) =>
          event.places !== null &&
          event.confirmed > 0 &&
          event.places - event.confirmed > 0 &&
          event.places - event.confirmed <= 2,
      ),
    ).toBe(true);
  });

  it("seeds nothing the second time", async () => {
    const before = await tableCounts();
    expect(await seedDemoData(db)).toBeNull();
    expect(await tableCounts()).toEqual(before);
  });
});

describe("bulk seed", () => {
  it("adds exactly the requested rows, beside the demo data", async () => {
    const before = await tableCounts();
    const sizes = { institutions: 60, events: 200, volunteers: 80, requests: 40 };
    const progress: number[] = [];
    await bulkSeed(db, sizes, { onProgress: (done) => progress.push(done) });
    const after = await tableCounts();
    expect(after.institutions - before.institutions).toBe(sizes.institutions);
    expect(after.events - before.events).toBe(sizes.events);
    expect(after.volunteers - before.volunteers).toBe(sizes.volunteers);
    expect(after.requests - before.requests).toBe(sizes.requests);
    expect(after.users - before.users).toBe(sizes.institutions + sizes.volunteers);
    expect(progress.at(-1)).toBe(380);
  });

  it("spreads generated rows over statuses and keeps them valid", async () => {
    const statuses = await rows<{ status: string }>(
      sql`select distinct status from institutions where cnpj >= '2'`,
    );
    expect(statuses.map((row) => row.status).sort()).toEqual(["APPROVED", "PENDING", "REJECTED"]);
    const generated = await rows<{ cnpj: string; about: string; summary: string }>(
      sql`select cnpj, about, summary from institutions where cnpj >= '2'`,
    );
    expect(generated).toHaveLength(60);
    for (const institution of generated) {
      expect(cnpjValidator.isValid(institution.cnpj), institution.cnpj).toBe(true);
      expect(institution.about).not.toMatch(/[{}]/);
    }
    const eventStatuses = await rows<{ status: string }>(sql`select distinct status from events`);
    expect(eventStatuses.length).toBeGreaterThanOrEqual(3);
    expect(
      await count(sql`select count(*) as n from events e join institutions i on i.user_id = e.institution_id
        where i.status <> 'APPROVED'`),
    ).toBe(0);
  });

  it("refuses impossible sizes before writing anything", async () => {
    const before = await tableCounts();
    await expect(
      bulkSeed(db, { institutions: 0, events: 5, volunteers: 0, requests: 0 }),
    ).rejects.toBeInstanceOf(BulkSeedError);
    await expect(
      bulkSeed(db, { institutions: 1, events: 0, volunteers: 2, requests: 3 }),
    ).rejects.toBeInstanceOf(BulkSeedError);
    expect(await tableCounts()).toEqual(before);
  });
});

describe("seed content", () => {
  it("computes CNPJ check digits like the Receita Federal", () => {
    expect(completeCnpj("112223330001")).toBe("11222333000181");
    expect(cnpjForRoot(BULK_FIRST_CNPJ_ROOT)).toMatch(/^200000000001\d\d$/);
    expect(cnpjValidator.isValid(cnpjForRoot(BULK_FIRST_CNPJ_ROOT))).toBe(true);
  });

  it("names only real municipalities", () => {
    expect(listLargeCities()).toEqual(listCuratedCities());
  });

  it("keeps every institution text within the limits, even with the longest city name", () => {
    const longestCity = listStates()
      .flatMap((state) => listMunicipalities(state.sigla) ?? [])
      .reduce((longest, city) => (city.nome.length > longest.length ? city.nome : longest), "");
    const values = {
      Name: nameWithArticle("X".repeat(50)),
      year: "2000",
      state: "SP",
      neighborhood: NEIGHBORHOODS.reduce((a, b) => (b.length > a.length ? b : a)),
      ...cityPhrases(longestCity),
    };
    const longest = (texts: readonly string[]) =>
      Math.max(...texts.map((text) => fillTemplate(text, values).length));
    const volunteering = Object.values(VOLUNTEERING_TEMPLATES).flat();
    for (const cause of CAUSES) {
      const about =
        longest(ORIGIN_TEMPLATES) +
        longest(cause.missions) +
        longest(volunteering) +
        longest(CLOSING_TEMPLATES) +
        6;
      expect(about, cause.key).toBeLessThanOrEqual(1200);
      for (const name of cause.institutionNames) expect(name.length).toBeLessThanOrEqual(50);
      for (const summary of cause.summaries) expect(summary.length).toBeLessThanOrEqual(80);
      for (const idea of cause.events) {
        expect(idea.name.length).toBeLessThanOrEqual(50);
        expect(idea.resume).not.toMatch(/[{}]/);
        expect(idea.resume.length).toBeLessThanOrEqual(80);
        expect(longest([idea.about])).toBeLessThanOrEqual(1200);
      }
    }
  });
});
