import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/ui/toast";
import { INFINITE_SCROLL_THRESHOLD_PX } from "~/config/constants";
import type { ListPage } from "~/lists/list-page";
import { type ListQuery, listSearchParams, readListQuery } from "~/lists/list-query";

export interface LoadFailureMessages {
  /** The server answered with an error (SPEC: "...com os filtros aplicados."). */
  failed: string;
  /** No answer at all, or one that is not a list (SPEC: "Erro inesperado ao buscar ..."). */
  unexpected: string;
}

/**
 * Infinite scroll over a public list (docs/spec.md: pages of 20, the next one when the reader is
 * 300 px from the end of the list, until a page comes back short). The first page comes from
 * the route's loader (server-rendered); later ones from `apiPath` as JSON, appended in place.
 * Mount it with a `key` per filter set so new filters start from the loader's page again.
 */
export function useInfinitePages<T>({
  first,
  apiPath,
  query,
  messages,
}: {
  first: ListPage<T>;
  apiPath: string;
  query: ListQuery;
  messages: LoadFailureMessages;
}) {
  const toast = useToast();
  const [items, setItems] = useState(first.items);
  const [lastPage, setLastPage] = useState(first.page);
  const [hasMore, setHasMore] = useState(first.hasMore);
  const [loading, setLoading] = useState(false);
  /** After a failure the list waits for the person ("Tentar novamente"), never loops. */
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const sentinelRef = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  const queryKey = listSearchParams(query).toString();

  const loadMore = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    setFailed(false);
    const page = lastPage + 1;
    const params = listSearchParams(readListQuery(queryKey), page);
    try {
      const response = await fetch(`${apiPath}?${params}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) {
        setFailed(true);
        toast.error(messages.failed);
        return;
      }
      const next = (await response.json()) as ListPage<T>;
      if (!Array.isArray(next.items)) throw new Error("unexpected answer");
      setItems((list) => [...list, ...next.items]);
      setLastPage(page);
      setHasMore(next.hasMore);
      setAnnouncement(
        next.items.length === 1
          ? "Mais 1 resultado carregado."
          : `Mais ${next.items.length} resultados carregados.`,
      );
    } catch {
      setFailed(true);
      toast.error(messages.unexpected);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [apiPath, lastPage, messages.failed, messages.unexpected, queryKey, toast.error]);

  // A fresh observer after each page: its first report says whether the end of the list is
  // still within reach (a tall screen may need several pages to fill).
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || failed || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, failed, loading, loadMore]);

  return { items, hasMore, loading, failed, announcement, sentinelRef, retry: loadMore };
}
