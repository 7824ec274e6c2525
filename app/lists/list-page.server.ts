import { markDegraded } from "~/lib/degraded-response.server";
import { log } from "~/lib/log.server";
import type { ListPage } from "./list-page";

/** One page of a list and how many rows its filters find in all (shown above the list). */
export interface CountedListPage<T> {
  list: ListPage<T>;
  total: number;
}

/**
 * One page of a public list for a page's loader, with its total. When the database cannot
 * answer, the page still renders (search form, the spec's failure message) instead of an error
 * page: the failure is logged here and reported as `failed`.
 */
export async function loadListPage<T>(
  what: string,
  url: URL,
  page: number,
  load: () => Promise<CountedListPage<T>>,
): Promise<CountedListPage<T> & { failed: boolean }> {
  try {
    return { ...(await load()), failed: false };
  } catch (error) {
    log.error({ err: error, list: what, query: url.search }, "could not list");
    markDegraded();
    return { list: { items: [], page, hasMore: false }, total: 0, failed: true };
  }
}

/**
 * A page, then its count, one after the other: PGlite answers one query at a time anyway, and
 * a pooled connection each would only add a round trip's worth of waiting on PostgreSQL.
 */
export async function pageThenCount<T>(
  load: () => Promise<ListPage<T>>,
  countAll: () => Promise<number>,
): Promise<CountedListPage<T>> {
  const list = await load();
  return { list, total: await countAll() };
}

/** The same page as JSON for the infinite scroll; 500 (logged) when the query fails. */
export async function listPageResponse<T>(
  what: string,
  url: URL,
  load: () => Promise<ListPage<T>>,
): Promise<Response> {
  try {
    return Response.json(await load(), { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    log.error({ err: error, list: what, query: url.search, api: true }, "could not list");
    return Response.json({ error: "unavailable" }, { status: 500 });
  }
}
