import { readLocation, readPage, readSearch } from "~/search/list-params.server";
import type { EventListQuery } from "./event-list-query";
import type { EventFilters } from "./public-events.server";

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
