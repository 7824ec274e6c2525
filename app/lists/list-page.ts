/** One page of a public list (directory, events), as loaders and the list API return it. */
export interface ListPage<T> {
  items: T[];
  /** 1-based. */
  page: number;
  /** False once a page came back shorter than the page size: the infinite scroll stops. */
  hasMore: boolean;
}
