import { Link } from "react-router";
import { cx } from "~/components/ui/class-names";
import { CheckIcon } from "~/components/ui/icons-more";
import { prepared } from "~/components/ui/prepared";
import { CAUSES, type CauseSlug, MAX_CAUSES } from "~/config/causes";
import { type ListQuery, listHref } from "~/lists/list-query";

/**
 * The cause filter of a public list (ADR 0045): one link per cause that adds it to the URL's
 * `causa` values or takes it out, keeping every other filter and going back to page 1. Any of
 * the chosen causes matches. Plain links, so they work without JavaScript; the chosen ones say
 * so to screen readers ("selecionada") as well as by colour and a check mark.
 */
export const CauseFilterChips = prepared(
  "nav",
  { "aria-labelledby": "filtro-causas", className: "flex flex-col gap-2" },
  ChipsBody,
);

function ChipsBody({
  path,
  query,
  chosen,
}: {
  path: string;
  /** Every other filter of the list, kept by each link. */
  query: ListQuery;
  chosen: readonly CauseSlug[];
}) {
  const full = chosen.length >= MAX_CAUSES;
  return (
    <>
      <h2 id="filtro-causas" className="text-sm font-semibold text-ink">
        Filtrar por causa
        <span className="font-normal text-ink-muted"> (até {MAX_CAUSES})</span>
      </h2>
      <ul className="flex flex-wrap gap-2">
        {CAUSES.map((cause) => {
          const selected = chosen.includes(cause.slug);
          const next = selected
            ? chosen.filter((slug) => slug !== cause.slug)
            : full
              ? null
              : [...chosen, cause.slug];
          const className = cx(
            "inline-flex min-h-11 items-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold focus-ring",
            selected
              ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
              : "border-line bg-white text-ink hover:border-brand-700 hover:text-brand-900",
            // Three chosen: the others wait, muted (still readable) and not links.
            next === null && "border-dashed text-ink-muted hover:border-line hover:text-ink-muted",
          );
          return (
            <li key={cause.slug}>
              {next === null ? (
                <span className={className}>{cause.label}</span>
              ) : (
                <Link
                  to={listHref(path, { ...query, causa: next })}
                  preventScrollReset
                  className={className}
                >
                  {selected ? <CheckIcon className="size-4" /> : null}
                  {cause.label}
                  {selected ? <span className="sr-only"> (selecionada)</span> : null}
                </Link>
              )}
            </li>
          );
        })}
        {chosen.length > 0 ? (
          <li>
            <Link
              to={listHref(path, { ...query, causa: [] })}
              preventScrollReset
              className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-ring"
            >
              Limpar causas
            </Link>
          </li>
        ) : null}
      </ul>
    </>
  );
}
