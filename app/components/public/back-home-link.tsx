import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/ui/icons";

/** "Voltar para início" (docs/spec.md, directory): the way from a public page back to the landing. */
export function BackHomeLink() {
  return (
    <Link
      to="/"
      className="-mx-2 inline-flex min-h-11 items-center gap-2 self-start rounded-lg px-2 font-semibold text-brand-800 hover:bg-brand-50 hover:text-brand-900 focus-ring"
    >
      <ArrowLeftIcon />
      Voltar para início
    </Link>
  );
}
