import { parseCauses } from "~/config/causes";
import { VOLUNTEERING_TYPES } from "~/config/constants";
import { locationOptions } from "~/geo/localities.server";
import { listPageResponse, loadListPage } from "~/lists/list-page.server";
import { readLocation, readPage, readSearch } from "~/lists/list-params.server";
import { type DirectoryQuery, isVolunteeringTypeLabel } from "./directory";
import {
  type InstitutionFilters,
  listAndCountApprovedInstitutions,
  listApprovedInstitutions,
} from "./public-institutions.server";

/**
 * Reads the directory's URL once, for the page and the list API alike: the filters for the
 * query, the same values normalised for the form and links, and the page number.
 */
export function readDirectoryParams(url: URL): {
  filters: InstitutionFilters;
  query: DirectoryQuery;
  page: number;
} {
  const params = url.searchParams;
  const search = readSearch(params);
  const { uf, city } = readLocation(params);
  const typeLabel = params.get("tipo") ?? "";
  const tipo = isVolunteeringTypeLabel(typeLabel) ? typeLabel : "";
  const causes = parseCauses(params.getAll("causa"));
  return {
    filters: { search, uf, city, type: tipo ? VOLUNTEERING_TYPES[tipo] : null, causes },
    query: { busca: search, uf, cidade: city, tipo, causa: causes },
    page: readPage(params),
  };
}

/**
 * Everything the directory page renders for a URL: the filters as typed, one page of results
 * and their total (or `failed`) and the state and city options of the filter panel.
 */
export async function loadDirectoryPage(url: URL) {
  const { filters, query, page } = readDirectoryParams(url);
  const result = await loadListPage("directory", url, page, () =>
    listAndCountApprovedInstitutions(filters, page),
  );
  return {
    query,
    ...result,
    ...locationOptions(query.uf),
  };
}

/** The list API behind the directory's infinite scroll. */
export function directoryPageResponse(url: URL): Promise<Response> {
  const { filters, page } = readDirectoryParams(url);
  return listPageResponse("directory", url, () => listApprovedInstitutions(filters, page));
}
