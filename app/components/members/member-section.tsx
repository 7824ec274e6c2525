import { type ReactNode, useId } from "react";
import { Link } from "react-router";

/** A titled block of a home page ("Minhas candidaturas", "Meus eventos"), with an optional link. */
export function MemberSection({
  title,
  count,
  action,
  children,
}: {
  title: string;
  /** Shown next to the title, e.g. how many items the list holds. */
  count?: number;
  action?: { to: string; label: string; icon?: ReactNode };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {title}
          {count !== undefined ? (
            <span className="ml-2 text-base font-semibold text-ink-subtle">({count})</span>
          ) : null}
        </h2>
        {action ? (
          <Link
            to={action.to}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-ring [&>svg]:size-4"
          >
            {action.icon}
            {action.label}
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What an empty list shows: a short sentence and, when useful, where to go next. */
export function EmptyList({
  message,
  link,
}: {
  message: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="rounded-2xl border border-dashed border-field/60 bg-white px-5 py-8 text-center">
      <p className="text-ink-muted">{message}</p>
      {link ? (
        <Link
          to={link.to}
          className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring"
        >
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

/** One item of a home page's list: an icon in a tinted square beside the item's lines. */
export function IconListItem({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4 shadow-card">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

/** The title link of an IconListItem, a full tap target. */
export const ITEM_TITLE_LINK =
  "inline-flex min-h-11 items-center font-semibold break-words text-ink underline decoration-brand-300 underline-offset-4 hover:text-brand-800 focus-ring";
