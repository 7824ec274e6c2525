import { markDegraded } from "~/lib/degraded-response.server";
import { log } from "~/lib/log.server";
import type { ListPage } from "./list-page";

/**
 * One page of a public list for a page's loader, and how many rows the filters find in all
 * (`total`, shown above the list). When the database cannot answer, the page still renders
 * (search form, the spec's failure message) instead of an error page: the failure is logged here
 * and reported as `failed`.
 */
export async function loadListPage<T>(
  what: string,
  url: URL,
  page: number,
  load: () => Promise<ListPage<T>>,
  countAll: () => Promise<number>,
): Promise<{ list: ListPage<T>; total: number; failed: boolean }> {
  try {
    // One after the other: PGlite answers one query at a time anyway.
    const list = await load();
    return { list, total: await countAll(), failed: false };
  } catch (error) {
    log.error({ err: error, list: what, query: url.search }, "could not list");
    markDegraded();
    return { list: { items: [], page, hasMore: false }, total: 0, failed: true };
  }
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
