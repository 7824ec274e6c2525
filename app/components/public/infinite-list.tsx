import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/ui/icons";
import { PrimaryButton } from "~/components/ui/primary-button";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ListPage } from "~/lists/list-page";
import { type ListQuery, listHref } from "~/lists/list-query";
import { type LoadFailureMessages, useInfinitePages } from "./use-infinite-pages";

export interface InfiniteListProps<T> {
  first: ListPage<T>;
  /** The page's path ("/instituicoes"), for the page links. */
  path: string;
  /** The JSON twin of the page ("/api/instituicoes"), for the infinite scroll. */
  apiPath: string;
  query: ListQuery;
  messages: LoadFailureMessages;
  /** Names the list for screen readers, e.g. "Instituições encontradas". */
  label: string;
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
}

/**
 * A grid of cards that grows as the reader scrolls, over real page links: without JavaScript
 * (and for crawlers) "Próxima página" leads to `?pagina=N+1`; with it, the next page is appended
 * when the end of the list comes within 300 px. A page opened at `?pagina=N` links back to N-1.
 */
export function InfiniteList<T>({
  first,
  path,
  apiPath,
  query,
  messages,
  label,
  itemKey,
  renderItem,
}: InfiniteListProps<T>) {
  const list = useInfinitePages({ first, apiPath, query, messages });
  return (
    <div className="flex flex-col gap-8">
      {first.page > 1 ? (
        <Link
          to={listHref(path, query, first.page - 1)}
          className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg font-semibold text-brand-800 hover:text-brand-900 focus-ring"
        >
          <ArrowLeftIcon className="size-4" />
          Página anterior
        </Link>
      ) : null}
      <CardGrid items={list.items} label={label} itemKey={itemKey} renderItem={renderItem} />
      <div ref={list.sentinelRef} aria-hidden="true" />
      <p role="status" className="sr-only">
        {list.announcement}
      </p>
      <ListEnd
        list={list}
        nextPageHref={first.hasMore ? listHref(path, query, first.page + 1) : null}
      />
    </div>
  );
}

type CardGridProps<T> = Pick<InfiniteListProps<T>, "label" | "itemKey" | "renderItem"> & {
  items: T[];
};

/**
 * The cards. Memoised: the list's own state (loading, the announcement) changes around them
 * while they stay the same, and rendering 20 cards again is a long task on a phone.
 */
const CardGrid = memo(function CardGrid<T>({
  items,
  label,
  itemKey,
  renderItem,
}: CardGridProps<T>) {
  return (
    <ul aria-label={label} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={itemKey(item)}>{renderItem(item, index)}</li>
      ))}
    </ul>
  );
}) as <T>(props: CardGridProps<T>) => ReactNode;

/**
 * Below the cards: without JavaScript a "Próxima página" link; with it, the infinite scroll's
 * spinner, retry button or end-of-list line. Its own component because it reads useHydrated,
 * which renders again right after hydration: only this footer, not the cards above it.
 */
function ListEnd({
  list,
  nextPageHref,
}: {
  list: Pick<
    ReturnType<typeof useInfinitePages>,
    "items" | "loading" | "failed" | "hasMore" | "retry"
  >;
  nextPageHref: string | null;
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return nextPageHref ? (
      <nav aria-label="Paginação" className="flex justify-center">
        <Link
          to={nextPageHref}
          className="inline-flex min-h-12 items-center gap-2 rounded-xl border border-brand-700 bg-white px-5 font-semibold text-brand-800 hover:bg-brand-50 focus-ring"
        >
          Próxima página
          <ArrowRightIcon className="size-4" />
        </Link>
      </nav>
    ) : null;
  }
  return (
    <div className="flex min-h-12 justify-center">
      {list.loading ? (
        <Spinner className="size-7 text-brand-700" label="Carregando mais resultados..." />
      ) : list.failed ? (
        <PrimaryButton type="button" variant="secondary" onClick={() => void list.retry()}>
          Tentar novamente
        </PrimaryButton>
      ) : !list.hasMore && list.items.length > 0 ? (
        <p className="text-sm text-ink-muted">Você chegou ao fim da lista.</p>
      ) : null}
    </div>
  );
}
