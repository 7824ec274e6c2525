/**
 * A public list's filters as its URL holds them: one value per key, or several for a key that
 * repeats (`?causa=educacao&causa=saude`).
 */
export type ListQuery = Record<string, string | readonly string[]>;

/**
 * The query string of a public list page: only the filters that are set, then `pagina` when it
 * is not the first. Shared by the pager links, the infinite scroll and canonical URLs, so one
 * filter set always has one URL.
 */
export function listSearchParams(query: ListQuery, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "string") {
      if (value) params.set(key, value);
    } else {
      for (const each of value) if (each) params.append(key, each);
    }
  }
  if (page > 1) params.set("pagina", String(page));
  return params;
}

/** `path?query`, or just `path` when nothing is set. */
export function listHref(path: string, query: ListQuery, page = 1): string {
  const search = listSearchParams(query, page).toString();
  return search ? `${path}?${search}` : path;
}

/** The query as a URL string gives it back (repeated keys stay lists), for the list's API. */
export function readListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length > 1 ? values : (values[0] ?? "");
  }
  return query;
}

/** True when any filter is set (the empty state then suggests clearing them). */
export function hasFilters(query: ListQuery): boolean {
  return Object.values(query).some((value) => value.length > 0);
}
