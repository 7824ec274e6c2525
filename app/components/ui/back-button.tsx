import { Link, useNavigate } from "react-router";
import { cx } from "./class-names";
import { ArrowLeftIcon } from "./icons";

const STYLE =
  "inline-flex min-h-11 items-center gap-2 rounded-lg px-2 -mx-2 font-semibold text-brand-800 hover:bg-brand-50 hover:text-brand-900 focus-ring";

/**
 * "Voltar". With `to` it is a link (works without JavaScript; prefer it when the previous page
 * is known); without, it goes one step back in the browser history.
 */
export function BackButton({ to, className }: { to?: string; className?: string }) {
  const navigate = useNavigate();
  const content = (
    <>
      <ArrowLeftIcon />
      Voltar
    </>
  );
  if (to) {
    return (
      <Link to={to} className={cx(STYLE, className)}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" onClick={() => navigate(-1)} className={cx(STYLE, className)}>
      {content}
    </button>
  );
}
