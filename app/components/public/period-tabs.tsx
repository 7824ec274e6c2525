import { Link } from "react-router";
import { cx } from "~/components/ui/class-names";
import type { EventListQuery } from "~/events/event-list";
import { EVENTS_PATH } from "~/events/event-list";
import { listHref } from "~/lists/list-query";

const PERIODS: { value: EventListQuery["quando"]; label: string }[] = [
  { value: "", label: "Próximos eventos" },
  { value: "passados", label: "Eventos passados" },
];

/**
 * Upcoming (default) or past events: two links that keep the other filters, so the choice is
 * in the URL and works without JavaScript.
 */
export function PeriodTabs({ query }: { query: EventListQuery }) {
  return (
    <nav aria-label="Período dos eventos">
      <ul className="grid grid-cols-2 rounded-xl bg-line/70 p-1 sm:inline-grid">
        {PERIODS.map((period) => {
          const current = query.quando === period.value;
          return (
            <li key={period.label}>
              <Link
                to={listHref(EVENTS_PATH, { ...query, quando: period.value })}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cx(
                  "flex min-h-11 items-center justify-center rounded-lg px-4 text-sm font-semibold focus-ring",
                  current ? "bg-white text-brand-900 shadow-card" : "text-ink-muted hover:text-ink",
                )}
              >
                {period.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
