/**
 * The query string of a public list page: only the filters that are set, then `pagina` when it
 * is not the first. Shared by the pager links, the infinite scroll and canonical URLs, so one
 * filter set always has one URL.
 */
export function listSearchParams(query: Record<string, string>, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (page > 1) params.set("pagina", String(page));
  return params;
}

/** `path?query`, or just `path` when nothing is set. */
export function listHref(path: string, query: Record<string, string>, page = 1): string {
  const search = listSearchParams(query, page).toString();
  return search ? `${path}?${search}` : path;
}

/** True when any filter is set (the empty state then suggests clearing them). */
export function hasFilters(query: Record<string, string>): boolean {
  return Object.values(query).some(Boolean);
}
