import { Link } from "react-router";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/ui/icons";

// No negative margin to line the text up with the page's edge: the hover background would then
// run past the row (8 px on each list page, caught by the finished-page check).
const LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-lg px-2 font-semibold text-brand-800 hover:bg-brand-50 hover:text-brand-900 focus-ring";

/**
 * "Voltar para início" (docs/spec.md, directory): the way from a public page back to the landing;
 * with `next`, a link onward on the same line (a list page points to the other list).
 */
export function BackHomeLink({ next }: { next?: { to: string; label: string } } = {}) {
  const back = (
    <Link to="/" className={`${LINK} self-start`}>
      <ArrowLeftIcon />
      Voltar para início
    </Link>
  );
  if (!next) return back;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-1">
      {back}
      <Link to={next.to} className={LINK}>
        {next.label}
        <ArrowRightIcon />
      </Link>
    </div>
  );
}
