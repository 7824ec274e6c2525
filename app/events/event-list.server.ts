import { parseCauses } from "~/config/causes";
import { locationOptions } from "~/geo/localities.server";
import { listPageResponse, loadListPage, pageThenCount } from "~/lists/list-page.server";
import { readLocation, readPage, readSearch } from "~/lists/list-params.server";
import { monthOf, readIsoDate, todayInBrazil, weekOf } from "./event-dates";
import {
  EVENT_LIST_FORMATS,
  EVENT_LIST_RANGES,
  type EventListFormat,
  type EventListQuery,
  type EventListRange,
} from "./event-list";
import { countApprovedEvents, type EventFilters, listApprovedEvents } from "./public-events.server";

function readChoice<T extends string>(
  params: URLSearchParams,
  name: string,
  choices: { value: T }[],
): T | "" {
  const value = (params.get(name) ?? "").trim().toLowerCase();
  return choices.find((choice) => choice.value === value)?.value ?? "";
}

/**
 * The days the date filters keep, both ends included: this week or this month (Brasília time)
 * and a chosen range, together when both are given. A date that is not a real 'AAAA-MM-DD' day is
 * ignored; a range typed backwards is read forwards.
 */
export function readEventDates(
  params: URLSearchParams,
  today: string,
): {
  periodo: EventListRange | "";
  de: string;
  ate: string;
  from: string | null;
  to: string | null;
} {
  const periodo = readChoice(params, "periodo", EVENT_LIST_RANGES);
  let de = readIsoDate(params.get("de"));
  let ate = readIsoDate(params.get("ate"));
  if (de && ate && de > ate) [de, ate] = [ate, de];
  const range = periodo === "semana" ? weekOf(today) : periodo === "mes" ? monthOf(today) : null;
  const later = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b));
  const earlier = (a: string | null, b: string | null) => (a && b ? (a < b ? a : b) : (a ?? b));
  return {
    periodo,
    de: de ?? "",
    ate: ate ?? "",
    from: later(range?.from ?? null, de),
    to: earlier(range?.to ?? null, ate),
  };
}

const FILTER_FORMATS: Record<EventListFormat, "PRESENCIAL" | "ONLINE"> = {
  presencial: "PRESENCIAL",
  online: "ONLINE",
};

/** Reads the events list's URL once, for the page and the list API alike. */
export function readEventListParams(
  url: URL,
  today = todayInBrazil(),
): {
  filters: EventFilters;
  query: EventListQuery;
  page: number;
} {
  const params = url.searchParams;
  const search = readSearch(params);
  const { uf, city } = readLocation(params);
  const past = params.get("quando") === "passados";
  const { periodo, de, ate, from, to } = readEventDates(params, today);
  const formato = readChoice(params, "formato", EVENT_LIST_FORMATS);
  const causes = parseCauses(params.getAll("causa"));
  return {
    filters: {
      search,
      uf,
      city,
      period: past ? "past" : "upcoming",
      from,
      to,
      format: formato ? FILTER_FORMATS[formato] : null,
      causes,
    },
    query: {
      busca: search,
      uf,
      cidade: city,
      periodo,
      de,
      ate,
      formato,
      quando: past ? "passados" : "",
      causa: causes,
    },
    page: readPage(params),
  };
}

/**
 * Everything the events page renders for a URL: the filters as typed, one page of events and
 * their total (or `failed`) and the state and city options.
 */
export async function loadEventListPage(url: URL) {
  const { filters, query, page } = readEventListParams(url);
  const result = await loadListPage("events", url, page, () =>
    pageThenCount(
      () => listApprovedEvents(filters, page),
      () => countApprovedEvents(filters),
    ),
  );
  return {
    query,
    ...result,
    ...locationOptions(query.uf),
  };
}

/** The list API behind the events list's infinite scroll. */
export function eventListPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readEventListParams(url);
  return listPageResponse("events", url, () => listApprovedEvents(filters, page));
}
