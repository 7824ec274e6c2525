import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import type { CauseSlug, SkillSlug } from "~/config/causes";
import { LIST_COUNT_CAP } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, institutions } from "~/db/schema";
import { imageUrl } from "~/images/images.server";
import { isUuid } from "~/lib/uuid";
import type { ListPage } from "~/lists/list-page";
import { pageWindow, toListPage } from "~/lists/list-params.server";
import { textSearch } from "~/lists/search-match.server";
import { todayInBrazil } from "./event-dates";
import { type EventFormat, formatsShownBy } from "./event-format";

export interface EventCard {
  id: string;
  name: string;
  resume: string;
  /** 'YYYY-MM-DD' */
  eventDate: string;
  city: string;
  state: string;
  format: EventFormat;
  coverUrl: string | null;
  institutionName: string;
  causes: CauseSlug[];
}

/** "upcoming": from today on, soonest first; "past": before today, latest first. */
export type EventPeriod = "upcoming" | "past";

export interface EventFilters {
  search: string;
  uf: string;
  city: string;
  period: EventPeriod;
  /** Calendar days ('YYYY-MM-DD'), both included; on the period's side of today all the same. */
  from?: string | null;
  to?: string | null;
  /** In person or online: a hybrid event is both. */
  format?: "PRESENCIAL" | "ONLINE" | null;
  /** Any of these causes (ADR 0045). */
  causes?: CauseSlug[];
}

const cardColumns = {
  id: events.id,
  name: events.name,
  resume: events.resume,
  eventDate: events.eventDate,
  city: events.city,
  state: events.state,
  format: events.format,
  coverImageId: events.coverImageId,
  institutionName: institutions.name,
  causes: events.causes,
};

function toCard({
  coverImageId,
  format,
  causes,
  ...row
}: Omit<EventCard, "coverUrl" | "format" | "causes"> & {
  coverImageId: string | null;
  format: string;
  causes: string[];
}): EventCard {
  return {
    ...row,
    causes: causes as CauseSlug[],
    format: format as EventFormat,
    coverUrl: coverImageId ? imageUrl(coverImageId) : null,
  };
}

/** The WHERE of the events list: approved, on the period's side of today, then the filters. */
function eventListConditions(filters: EventFilters, today: string): SQL | undefined {
  return and(
    eq(events.status, "APPROVED"),
    filters.period === "past" ? lt(events.eventDate, today) : gte(events.eventDate, today),
    filters.search
      ? textSearch(events.searchDocument, events.searchText, filters.search).matches
      : undefined,
    filters.uf ? eq(events.state, filters.uf) : undefined,
    filters.city ? eq(events.city, filters.city) : undefined,
    filters.from ? gte(events.eventDate, filters.from) : undefined,
    filters.to ? lte(events.eventDate, filters.to) : undefined,
    filters.format ? inArray(events.format, formatsShownBy(filters.format)) : undefined,
    // `causes && $1` on the approved events' GIN index (events_causes_idx).
    filters.causes?.length ? arrayOverlaps(events.causes, filters.causes) : undefined,
  );
}

/**
 * The query behind the events list, exposed so a test can EXPLAIN exactly what runs. A search
 * keeps the list in date order (ADR 0028: a list of events is a calendar).
 */
export function eventListQuery(filters: EventFilters, page: number, today = todayInBrazil()) {
  const { limit, offset } = pageWindow(page);
  // With a search or causes, the date is read as `event_date + 0`, which no index is sorted by:
  // the planner then fetches the matches from the search or causes indexes and sorts them,
  // instead of walking every upcoming event in date order to test each one (its estimate of a
  // prefix query's matches is too coarse to choose this itself, and a rare cause's walk reads
  // the whole calendar: ADR 0045).
  const date =
    filters.search || filters.causes?.length ? sql`${events.eventDate} + 0` : events.eventDate;
  const byDate = filters.period === "past" ? desc(date) : asc(date);
  return db()
    .select(cardColumns)
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(eventListConditions(filters, today))
    .orderBy(byDate, asc(events.name), asc(events.id))
    .limit(limit)
    .offset(offset);
}

/** One page of approved events. */
export async function listApprovedEvents(
  filters: EventFilters,
  page: number,
): Promise<ListPage<EventCard>> {
  const rows = await eventListQuery(filters, page);
  return toListPage(rows.map(toCard), page);
}

/**
 * How many approved events the filters find, shown above the list ("12 eventos"), counted up to
 * LIST_COUNT_CAP + 1 (more reads as "Mais de 1.000").
 */
export async function countApprovedEvents(
  filters: EventFilters,
  today = todayInBrazil(),
): Promise<number> {
  const [row] = await eventCountQuery(filters, today);
  return row?.total ?? 0;
}

/** The count's query, exposed so a test can EXPLAIN it. */
export function eventCountQuery(filters: EventFilters, today = todayInBrazil()) {
  const counted = db()
    .select({ one: sql`1` })
    .from(events)
    .where(eventListConditions(filters, today))
    .limit(LIST_COUNT_CAP + 1)
    .as("counted");
  return db().select({ total: count() }).from(counted);
}

/** The landing page's teaser: the next approved events. */
export async function listNextEvents(limit: number): Promise<EventCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(and(eq(events.status, "APPROVED"), gte(events.eventDate, todayInBrazil())))
    .orderBy(asc(events.eventDate), asc(events.name), asc(events.id))
    .limit(limit);
  return rows.map(toCard);
}

export interface EventDetail extends EventCard {
  about: string;
  street: string;
  number: string;
  neighborhood: string;
  complement: string | null;
  institutionId: string;
  /** Only an approved institution has a public page to link to. */
  institutionIsPublic: boolean;
  updatedAt: string;
  /** Brasília times 'HH:MM:SS', both null for an all-day event. */
  startTime: string | null;
  endTime: string | null;
  /** Volunteer places; null = no limit. */
  places: number | null;
  /** The .ics SEQUENCE. */
  calendarSequence: number;
  /** "Habilidades desejáveis" (ADR 0045). */
  skills: SkillSlug[];
}

/** An approved event's public page; null for any other id (pending, rejected, deleted, unknown). */
export async function findApprovedEvent(id: string): Promise<EventDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({
      ...cardColumns,
      about: events.about,
      street: events.street,
      number: events.number,
      neighborhood: events.neighborhood,
      complement: events.complement,
      institutionId: events.institutionId,
      institutionStatus: institutions.status,
      updatedAt: events.updatedAt,
      startTime: events.startTime,
      endTime: events.endTime,
      places: events.places,
      calendarSequence: events.calendarSequence,
      skills: events.skills,
    })
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(and(eq(events.id, id), eq(events.status, "APPROVED")))
    .limit(1);
  if (!row) return null;
  const { institutionStatus, updatedAt, ...rest } = row;
  return {
    ...toCard(rest),
    about: rest.about,
    street: rest.street,
    number: rest.number,
    neighborhood: rest.neighborhood,
    complement: rest.complement,
    institutionId: rest.institutionId,
    institutionIsPublic: institutionStatus === "APPROVED",
    updatedAt: updatedAt.toISOString(),
    startTime: rest.startTime,
    endTime: rest.endTime,
    places: rest.places,
    calendarSequence: rest.calendarSequence,
    skills: rest.skills as SkillSlug[],
  };
}

/** An institution's next approved events, for its public page. */
export async function listInstitutionUpcomingEvents(
  institutionId: string,
  limit: number,
): Promise<EventCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(events)
    .innerJoin(institutions, eq(institutions.userId, events.institutionId))
    .where(
      and(
        eq(events.institutionId, institutionId),
        eq(events.status, "APPROVED"),
        gte(events.eventDate, todayInBrazil()),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(limit);
  return rows.map(toCard);
}
