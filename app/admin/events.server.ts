import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ADMIN_PAGE_SIZE, BRAZIL_TIME_ZONE } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, institutions, users } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { searchTextMatches } from "~/lists/search-match.server";
import { EVENT_STATUSES, type EventPeriod, type EventStatusFilter } from "./admin-url";

/**
 * The admin's events list and event record (issue 14): pages of 10, filtered by status and by
 * date (today in Brasília time splits upcoming from past), searched without accents or capitals
 * over name, summary and city (the trigram index on events.search_text, as the people lists do).
 */

/** The stored status each status filter lists; "todos" lists every one. */
const STATUS_OF: Record<Exclude<EventStatusFilter, "todos">, string> = {
  pendentes: "PENDING",
  publicados: "APPROVED",
  reprovados: "REJECTED",
  excluidos: "DELETED",
};

export interface AdminEventFilters {
  page: number;
  search: string;
  status: EventStatusFilter;
  period: EventPeriod;
  /** 'YYYY-MM-DD'; defaults to today in Brasília time, read from the database's clock. */
  today?: string;
}

/**
 * Today in Brasília by the database's clock (as todayInBrazil() in app/events reads the process's;
 * app/events cannot be imported from here without an import cycle through app/account).
 */
const TODAY_IN_BRAZIL = sql`(now() at time zone ${BRAZIL_TIME_ZONE})::date`;

function periodCondition(period: EventPeriod, today: SQL | string): SQL | undefined {
  if (period === "proximos") return gte(events.eventDate, today);
  if (period === "passados") return lt(events.eventDate, today);
  return undefined;
}

function statusCondition(status: EventStatusFilter): SQL | undefined {
  return status === "todos" ? undefined : eq(events.status, STATUS_OF[status]);
}

/** Upcoming events soonest first; past ones (and the whole history) most recent first. */
function ordering(period: EventPeriod) {
  const byDate = period === "proximos" ? asc(events.eventDate) : desc(events.eventDate);
  return [byDate, asc(events.name), asc(events.id)];
}

export async function listAdminEvents(filters: AdminEventFilters) {
  const today = filters.today ?? TODAY_IN_BRAZIL;
  const term = filters.search.trim();
  // The period and the search narrow every tab alike; the status picks the tab.
  const shared = and(
    periodCondition(filters.period, today),
    term ? searchTextMatches(events.searchText, term) : undefined,
  );
  const perStatus = await db()
    .select({ status: events.status, n: count() })
    .from(events)
    .where(shared)
    .groupBy(events.status);
  const counts = countsByFilter(perStatus);
  const total = counts[filters.status];
  // A page past the end (the list shrank after an action) shows the last page instead.
  const lastPage = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const page = Math.min(filters.page, lastPage);
  const rows = await db()
    .select({
      id: events.id,
      name: events.name,
      resume: events.resume,
      eventDate: events.eventDate,
      city: events.city,
      state: events.state,
      coverImageId: events.coverImageId,
      status: events.status,
      institutionName: institutions.name,
    })
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(and(shared, statusCondition(filters.status)))
    .orderBy(...ordering(filters.period))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
  return {
    rows: rows.map(({ coverImageId, ...row }) => ({
      ...row,
      coverUrl: coverImageId ? imageUrl(coverImageId, 400) : null,
    })),
    total,
    page,
    counts,
  };
}

function countsByFilter(rows: { status: string; n: number }[]) {
  const counts = Object.fromEntries(EVENT_STATUSES.map((status) => [status, 0])) as Record<
    EventStatusFilter,
    number
  >;
  for (const row of rows) {
    const filter = EVENT_STATUSES.find(
      (status) => status !== "todos" && STATUS_OF[status] === row.status,
    );
    if (filter) counts[filter] = Number(row.n);
    counts.todos += Number(row.n);
  }
  return counts;
}

export type AdminEventPage = Awaited<ReturnType<typeof listAdminEvents>>;
export type AdminEventCard = AdminEventPage["rows"][number];

const reviewer = alias(users, "reviewer");

export async function getEventDetails(id: string) {
  const [row] = await db()
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      resume: events.resume,
      about: events.about,
      format: events.format,
      status: events.status,
      coverImageId: events.coverImageId,
      institutionId: events.institutionId,
      institutionName: institutions.name,
      street: events.street,
      number: events.number,
      neighborhood: events.neighborhood,
      complement: events.complement,
      city: events.city,
      state: events.state,
      createdAt: events.createdAt,
      reviewedAt: events.reviewedAt,
      reviewerName: reviewer.name,
      reviewReason: events.reviewReason,
    })
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .leftJoin(reviewer, eq(reviewer.id, events.reviewedBy))
    .where(eq(events.id, id));
  if (!row) return null;
  const { coverImageId, createdAt, reviewedAt, ...rest } = row;
  return {
    ...rest,
    coverUrl: coverImageId ? imageUrl(coverImageId) : null,
    // ISO strings: the loader's data crosses to the browser as JSON.
    createdAt: createdAt.toISOString(),
    reviewedAt: reviewedAt?.toISOString() ?? null,
  };
}

export type EventDetails = NonNullable<Awaited<ReturnType<typeof getEventDetails>>>;
