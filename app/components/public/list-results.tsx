import { useEffect } from "react";
import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { useToast } from "~/components/ui/toast";
import { LIST_COUNT_CAP } from "~/config/constants";
import { countText } from "~/lib/count-text";
import type { ListPage } from "~/lists/list-page";
import { listSearchParams } from "~/lists/list-query";
import { EmptyState } from "./empty-state";
import { InfiniteList, type InfiniteListProps } from "./infinite-list";

interface ListResultsProps<T> extends Omit<InfiniteListProps<T>, "first" | "messages"> {
  list: ListPage<T>;
  /** The loader could not read the list (the database did not answer). */
  failed: boolean;
  messages: { empty: string; failed: string; unexpected: string };
  /** What the empty state suggests next. */
  emptyDescription: string;
  /** When filters are set, where "Limpar busca e filtros" leads. */
  clearHref: string | null;
  /** How many rows the filters find in all (every page); over LIST_COUNT_CAP, "Mais de 1.000". */
  total: number;
  /** The counted noun, singular and plural: ["instituição", "instituições"]. */
  countNouns: [string, string];
}

/**
 * The results of a public list: the cards with infinite scroll, the spec's empty state, or its
 * failure message (in the page, and as a toast once JavaScript runs), under the count of results
 * ("23 instituições"). The heading is for screen readers; the page title above already says what
 * the list is.
 */
export function ListResults<T>({
  list,
  failed,
  messages,
  emptyDescription,
  clearHref,
  total,
  countNouns,
  ...infinite
}: ListResultsProps<T>) {
  const toast = useToast();
  useEffect(() => {
    if (failed) toast.error(messages.failed);
  }, [failed, messages.failed, toast.error]);

  return (
    <section aria-labelledby="resultados" className="flex flex-col gap-5">
      <h2 id="resultados" className="sr-only">
        {infinite.label}
      </h2>
      {/* A polite live region, always in the page: a new search or filter announces its count. */}
      <p role="status" className="-mt-2 text-sm font-semibold text-ink-muted empty:hidden">
        {failed
          ? ""
          : total > LIST_COUNT_CAP
            ? `Mais de ${countText(LIST_COUNT_CAP, ...countNouns)}`
            : countText(total, ...countNouns)}
      </p>
      {failed ? (
        <EmptyState
          tone="error"
          title={messages.failed}
          description="Tente novamente em alguns instantes."
        />
      ) : list.items.length === 0 ? (
        <EmptyState
          title={messages.empty}
          description={emptyDescription}
          action={
            clearHref ? (
              <Link to={clearHref} className={buttonStyles({ variant: "secondary" })}>
                Limpar busca e filtros
              </Link>
            ) : null
          }
        />
      ) : (
        <InfiniteList
          key={listSearchParams(infinite.query, list.page).toString()}
          first={list}
          messages={messages}
          {...infinite}
        />
      )}
    </section>
  );
}
