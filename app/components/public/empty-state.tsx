import type { ReactNode } from "react";
import { cx } from "~/components/ui/class-names";
import { SearchIcon } from "~/components/ui/icons";

/** What a list shows when nothing matches ("Nenhuma instituição encontrada") or loading failed. */
export function EmptyState({
  title,
  description,
  action,
  tone = "neutral",
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: "neutral" | "error";
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={cx(
        "flex flex-col items-center rounded-2xl border border-dashed px-6 py-12 text-center",
        tone === "error" ? "border-danger-200 bg-danger-50" : "border-line bg-white",
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          "flex size-14 items-center justify-center rounded-full [&>svg]:size-7",
          tone === "error" ? "bg-danger-100 text-danger-700" : "bg-brand-50 text-brand-700",
        )}
      >
        <SearchIcon />
      </span>
      <p className="mt-4 text-lg font-bold text-ink">{title}</p>
      {description ? (
        <p className="mt-1 max-w-md text-pretty text-ink-muted">{description}</p>
      ) : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
