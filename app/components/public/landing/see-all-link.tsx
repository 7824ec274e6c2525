import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRightIcon } from "~/components/ui/icons-common";

/** "Ver todas as instituições", "Ver todos os eventos": from a landing teaser to its full list. */
export function SeeAllLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg font-semibold text-brand-800 underline-offset-4 hover:text-brand-900 hover:underline focus-ring"
    >
      {children}
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
