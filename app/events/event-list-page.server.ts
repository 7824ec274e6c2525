import { listMunicipalities, listStates } from "~/geo/localities.server";
import { listPageResponse, loadListPage } from "~/search/list-page.server";
import { readEventListParams } from "./event-list-params.server";
import { listApprovedEvents } from "./public-events.server";

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
    states: listStates(),
    cities: query.uf ? (listMunicipalities(query.uf) ?? []) : undefined,
  };
}

/** The list API behind the events list's infinite scroll. */
export function eventListPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readEventListParams(url);
  return listPageResponse("events", url, () => listApprovedEvents(filters, page));
}
