import { VOLUNTEERING_TYPES } from "~/config/constants";
import { readLocation, readPage, readSearch } from "~/search/list-params.server";
import { type DirectoryQuery, isVolunteeringTypeLabel } from "./directory-query";
import type { InstitutionFilters } from "./public-institutions.server";

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
  return {
    filters: { search, uf, city, type: tipo ? VOLUNTEERING_TYPES[tipo] : null },
    query: { busca: search, uf, cidade: city, tipo },
    page: readPage(params),
  };
}
