import { locationOptions } from "~/geo/localities.server";
import { listPageResponse, loadListPage } from "~/lists/list-page.server";
import { readLocation, readPage, readSearch } from "~/lists/list-params.server";
import type { EventListQuery } from "./event-list";
import { type EventFilters, listApprovedEvents } from "./public-events.server";

/** Reads the events list's URL once, for the page and the list API alike. */
export function readEventListParams(url: URL): {
  filters: EventFilters;
  query: EventListQuery;
  page: number;
} {
  const params = url.searchParams;
  const search = readSearch(params);
  const { uf, city } = readLocation(params);
  const past = params.get("quando") === "passados";
  return {
    filters: { search, uf, city, period: past ? "past" : "upcoming" },
    query: { busca: search, uf, cidade: city, quando: past ? "passados" : "" },
    page: readPage(params),
  };
}

/**
 * Everything the events page renders for a URL: the filters as typed, one page of events (or
 * `failed`) and the state and city options.
 */
export async function loadEventListPage(url: URL) {
  const { filters, query, page } = readEventListParams(url);
  const result = await loadListPage("events", url, page, () => listApprovedEvents(filters, page));
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
