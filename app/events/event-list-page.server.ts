import { listMunicipalities, listStates } from "~/geo/localities.server";
import type { ListPage } from "~/search/list-page";
import { readEventListParams } from "./event-list-params.server";
import { type EventCard, listApprovedEvents } from "./public-events.server";

/**
 * Everything the events page renders for a URL: the filters as typed, one page of events (or
 * `failed` when the database could not answer) and the state and city options.
 */
export async function loadEventListPage(url: URL) {
  const { filters, query, page } = readEventListParams(url);
  const options = {
    states: listStates(),
    cities: query.uf ? (listMunicipalities(query.uf) ?? []) : undefined,
  };
  try {
    return { query, list: await listApprovedEvents(filters, page), failed: false, ...options };
  } catch (error) {
    console.error(`events: could not list events (${url.search}):`, error);
    const list: ListPage<EventCard> = { items: [], page, hasMore: false };
    return { query, list, failed: true, ...options };
  }
}

/** The list API behind the infinite scroll: one page as JSON, 500 when the query fails. */
export async function eventListPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readEventListParams(url);
  try {
    return Response.json(await listApprovedEvents(filters, page), {
      headers: { "Cache-Control": "public, max-age=60" },
    });
  } catch (error) {
    console.error(`events api: could not list events (${url.search}):`, error);
    return Response.json({ error: "unavailable" }, { status: 500 });
  }
}
