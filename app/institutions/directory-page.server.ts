import { listMunicipalities, listStates } from "~/geo/localities.server";
import type { ListPage } from "~/search/list-page";
import { readDirectoryParams } from "./directory-params.server";
import { type InstitutionCard, listApprovedInstitutions } from "./public-institutions.server";

/**
 * Everything the directory page renders for a URL: the filters as typed, one page of results
 * (or `failed` when the database could not answer, so the page still renders its search form
 * and the spec's message), and the state and city options of the filter panel.
 */
export async function loadDirectoryPage(url: URL) {
  const { filters, query, page } = readDirectoryParams(url);
  const options = {
    states: listStates(),
    cities: query.uf ? (listMunicipalities(query.uf) ?? []) : undefined,
  };
  try {
    return {
      query,
      list: await listApprovedInstitutions(filters, page),
      failed: false,
      ...options,
    };
  } catch (error) {
    console.error(`directory: could not list institutions (${url.search}):`, error);
    const list: ListPage<InstitutionCard> = { items: [], page, hasMore: false };
    return { query, list, failed: true, ...options };
  }
}

/** The list API behind the infinite scroll: one page as JSON, 500 when the query fails. */
export async function directoryPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readDirectoryParams(url);
  try {
    return Response.json(await listApprovedInstitutions(filters, page), {
      headers: { "Cache-Control": "public, max-age=60" },
    });
  } catch (error) {
    console.error(`directory api: could not list institutions (${url.search}):`, error);
    return Response.json({ error: "unavailable" }, { status: 500 });
  }
}
