import { Link } from "react-router";
import { ADMIN_PAGE_WINDOW } from "~/config/constants";
import { cx } from "../ui/class-names";
import { ChevronRightIcon } from "../ui/icons";

/** docs/spec.md 9: a window of 4 page numbers around the current page, plus previous and next. */
export function pageWindow(page: number, totalPages: number): number[] {
  const last = Math.max(1, totalPages);
  const start = Math.max(1, Math.min(page - 1, last - ADMIN_PAGE_WINDOW + 1));
  const end = Math.min(last, start + ADMIN_PAGE_WINDOW - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

const ITEM =
  "flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold focus-ring";

export function Pagination({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  const edge = (target: number, label: string, enabled: boolean, flip: boolean) =>
    enabled ? (
      <Link to={hrefFor(target)} className={cx(ITEM, "gap-1 text-brand-800 hover:bg-brand-50")}>
        {flip ? <ChevronRightIcon className="size-4 rotate-180" /> : null}
        {label}
        {flip ? null : <ChevronRightIcon className="size-4" />}
      </Link>
    ) : (
      <span aria-disabled="true" className={cx(ITEM, "gap-1 text-ink-subtle")}>
        {label}
      </span>
    );
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-center gap-1">
      {edge(page - 1, "Anterior", page > 1, true)}
      <ul className="flex gap-1">
        {pageWindow(page, totalPages).map((number) => (
          <li key={number}>
            <Link
              to={hrefFor(number)}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Página ${number}`}
              className={cx(
                ITEM,
                number === page ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50",
              )}
            >
              {number}
            </Link>
          </li>
        ))}
      </ul>
      {edge(page + 1, "Próxima", page < totalPages, false)}
    </nav>
  );
}
