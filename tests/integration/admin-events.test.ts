import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EVENT_PERIODS,
  EVENT_STATUSES,
  type EventPeriod,
  type EventStatusFilter,
} from "~/admin/admin-url";
import { type AdminEventFilters, getEventDetails, listAdminEvents } from "~/admin/events.server";
import type { Database } from "~/db/client.server";
import { events, images } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import { databaseWithAdmin, insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";

/**
 * The admin's events list (issue 14) on a real database: 120 events in every status, half of
 * them past, paged by 10, filtered by status and by date (today in Brasília time: today's event
 * is upcoming, yesterday's is past), searched without accents or capitals; and the event record
 * with its cover, institution, reviewer and rejection reason.
 */
let database: TestDatabase;
let db: Database;
let adminId: string;
let institutionId: string;

const STATUS_OF: Record<Exclude<EventStatusFilter, "todos">, string> = {
  pendentes: "PENDING",
  publicados: "APPROVED",
  reprovados: "REJECTED",
  excluidos: "DELETED",
};
const STATUSES = ["PENDING", "APPROVED", "REJECTED", "DELETED"] as const;

const today = todayInBrazil();
const addDays = (days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

interface Seeded {
  name: string;
  status: string;
  eventDate: string;
  city: string;
}

/**
 * 120 events: statuses in turn (30 each), dates in blocks of four alternating between upcoming
 * and past (15 of each per status). Two approved ones sit on the boundary: one today (upcoming),
 * one yesterday (past). One name and some cities carry accents for the search.
 */
function seedEvents(): Seeded[] {
  return Array.from({ length: 120 }, (_, i) => {
    const upcoming = Math.floor(i / 4) % 2 === 0;
    let eventDate = upcoming ? addDays(1 + i) : addDays(-1 - i);
    if (i === 1) eventDate = today;
    if (i === 5) eventDate = addDays(-1);
    const n = String(i).padStart(3, "0");
    return {
      name: i === 8 ? "Feira Solidária São João" : `Evento de teste ${n}`,
      status: STATUSES[i % 4] ?? "PENDING",
      eventDate,
      city: i % 10 === 0 ? "Ribeirão Preto" : "Campinas",
    };
  });
}

const seeded = seedEvents();

/** What the list should hold for a filter, computed from the seed. */
function expected(status: EventStatusFilter, period: EventPeriod, match = (_: Seeded) => true) {
  return seeded.filter(
    (event) =>
      (status === "todos" || event.status === STATUS_OF[status]) &&
      (period === "todos" ||
        (period === "proximos" ? event.eventDate >= today : event.eventDate < today)) &&
      match(event),
  );
}

/** Every page of a filter, walked with the list's own page numbers. */
async function allPages(filters: Omit<AdminEventFilters, "page">) {
  const first = await listAdminEvents({ ...filters, page: 1 });
  const rows = [...first.rows];
  const pages = Math.ceil(first.total / 10);
  for (let page = 2; page <= pages; page++) {
    const next = await listAdminEvents({ ...filters, page });
    expect(next.rows.length, `page ${page}`).toBeLessThanOrEqual(10);
    rows.push(...next.rows);
  }
  return { first, rows };
}

beforeAll(async () => {
  ({ database, db, adminId } = await databaseWithAdmin({
    email: "admin-eventos@teste.org",
    name: "Admin Eventos",
  }));
  institutionId = await insertInstitution(db, {
    name: "Instituição Esperança",
    userName: "Esperança",
    email: "esperanca@teste.org",
    status: "APPROVED",
    cnpj: "11222333000181",
    city: "Campinas",
  });
  await db.insert(events).values(
    seeded.map((event) => ({
      ...event,
      institutionId,
      resume: "Um evento para os testes da lista do admin.",
      about: "Descrição do evento.",
      street: "Rua B",
      number: "2",
      neighborhood: "Centro",
      state: "SP",
    })),
  );
});

afterAll(async () => {
  await database?.dispose();
});

describe("admin events list", () => {
  it("defaults to 10 pending upcoming events a page, soonest first; a page past the end shows the last", async () => {
    const pending = expected("pendentes", "proximos");
    expect(pending).toHaveLength(15);
    const filters = { search: "", status: "pendentes", period: "proximos" } as const;
    const first = await listAdminEvents({ ...filters, page: 1 });
    expect(first.total).toBe(15);
    expect(first.rows).toHaveLength(10);
    expect(first.rows.every((row) => row.status === "PENDING" && row.eventDate >= today)).toBe(
      true,
    );
    expect(first.rows.every((row) => row.institutionName === "Instituição Esperança")).toBe(true);
    const second = await listAdminEvents({ ...filters, page: 2 });
    expect(second.rows).toHaveLength(5);
    const dates = [...first.rows, ...second.rows].map((row) => row.eventDate);
    expect(dates).toEqual([...dates].sort());
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(15);
    const beyond = await listAdminEvents({ ...filters, page: 9 });
    expect(beyond.page).toBe(2);
    expect(beyond.rows.map((row) => row.id)).toEqual(second.rows.map((row) => row.id));
  });

  it("narrows to exactly the events of each status and date filter, with the tabs' counts", async () => {
    for (const period of EVENT_PERIODS) {
      for (const status of EVENT_STATUSES) {
        const { first, rows } = await allPages({ search: "", status, period });
        const want = expected(status, period);
        expect(first.total, `${status}/${period}`).toBe(want.length);
        expect(rows.map((row) => row.name).sort(), `${status}/${period}`).toEqual(
          want.map((event) => event.name).sort(),
        );
        for (const tab of EVENT_STATUSES) {
          expect(first.counts[tab], `count of ${tab} under ${period}`).toBe(
            expected(tab, period).length,
          );
        }
        // Past events (and the whole history) most recent first.
        const dates = rows.map((row) => row.eventDate);
        const sorted = [...dates].sort();
        expect(dates).toEqual(period === "proximos" ? sorted : sorted.reverse());
      }
    }
    expect(
      (await listAdminEvents({ page: 1, search: "", status: "todos", period: "todos" })).total,
    ).toBe(120);
  });

  it("never lists a past event under the active filter (Publicados, Próximos)", async () => {
    const { rows } = await allPages({ search: "", status: "publicados", period: "proximos" });
    expect(rows.every((row) => row.status === "APPROVED" && row.eventDate >= today)).toBe(true);
    const names = rows.map((row) => row.name);
    // Today's event is still upcoming; yesterday's is past.
    expect(names).toContain("Evento de teste 001");
    expect(names).not.toContain("Evento de teste 005");
    const past = await allPages({ search: "", status: "publicados", period: "passados" });
    expect(past.rows.map((row) => row.name)).toContain("Evento de teste 005");
  });

  it("searches name, summary and city without accents or capitals, inside the filters", async () => {
    const found = await listAdminEvents({
      page: 1,
      search: "SAO JOAO",
      status: "pendentes",
      period: "proximos",
    });
    expect(found.rows.map((row) => row.name)).toEqual(["Feira Solidária São João"]);
    expect(found.counts).toMatchObject({ pendentes: 1, publicados: 0, todos: 1 });
    const byCity = (event: Seeded) => event.city === "Ribeirão Preto";
    for (const status of EVENT_STATUSES) {
      const { first, rows } = await allPages({ search: "ribeirao", status, period: "todos" });
      expect(first.total, status).toBe(expected(status, "todos", byCity).length);
      expect(rows.every((row) => row.city === "Ribeirão Preto")).toBe(true);
    }
    const wildcard = await listAdminEvents({
      page: 1,
      search: "100%",
      status: "todos",
      period: "todos",
    });
    expect(wildcard.total).toBe(0);
  });
});

describe("admin event record", () => {
  it("reads the cover, the institution, who reviewed it and the rejection's reason", async () => {
    const [image] = await db
      .insert(images)
      .values({
        ownerId: institutionId,
        bytes: Buffer.from([1, 2, 3]),
        contentType: "image/jpeg",
        width: 10,
        height: 5,
        sha256: "teste",
      })
      .returning({ id: images.id });
    const reviewedAt = new Date("2026-03-04T15:30:00Z");
    const [row] = await db
      .insert(events)
      .values({
        institutionId,
        name: "Bazar reprovado",
        eventDate: addDays(10),
        resume: "Resumo.",
        about: "Sobre.",
        coverImageId: image?.id,
        format: "HIBRIDO",
        street: "Rua C",
        number: "3",
        neighborhood: "Centro",
        complement: "Sala 4",
        city: "Campinas",
        state: "SP",
        status: "REJECTED",
        reviewedAt,
        reviewedBy: adminId,
        reviewReason: "Faltam informações sobre o local.",
      })
      .returning({ id: events.id });
    const record = await getEventDetails(row?.id ?? "");
    expect(record).toMatchObject({
      name: "Bazar reprovado",
      institutionId,
      institutionName: "Instituição Esperança",
      coverUrl: `/imagens/${image?.id}`,
      format: "HIBRIDO",
      complement: "Sala 4",
      status: "REJECTED",
      reviewedAt: reviewedAt.toISOString(),
      reviewerName: "Admin Eventos",
      reviewReason: "Faltam informações sobre o local.",
    });
    const plain = await listAdminEvents({ page: 1, search: "", status: "todos", period: "todos" });
    const withoutCover = await getEventDetails(plain.rows[0]?.id ?? "");
    expect(withoutCover).toMatchObject({ coverUrl: null, reviewedAt: null, reviewerName: null });
    expect(await getEventDetails("0b9f3c1e-6f1a-4c7e-9a52-3d2f1e0c4b6a")).toBeNull();
  });
});
