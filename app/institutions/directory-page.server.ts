import { listMunicipalities, listStates } from "~/geo/localities.server";
import { listPageResponse, loadListPage } from "~/search/list-page.server";
import { readDirectoryParams } from "./directory-params.server";
import { listApprovedInstitutions } from "./public-institutions.server";

/**
 * Everything the directory page renders for a URL: the filters as typed, one page of results
 * (or `failed`) and the state and city options of the filter panel.
 */
export async function loadDirectoryPage(url: URL) {
  const { filters, query, page } = readDirectoryParams(url);
  const result = await loadListPage("directory", url, page, () =>
    listApprovedInstitutions(filters, page),
  );
  return {
    query,
    ...result,
    states: listStates(),
    cities: query.uf ? (listMunicipalities(query.uf) ?? []) : undefined,
  };
}

/** The list API behind the directory's infinite scroll. */
export function directoryPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readDirectoryParams(url);
  return listPageResponse("directory", url, () => listApprovedInstitutions(filters, page));
}
