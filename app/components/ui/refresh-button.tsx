import type { ButtonHTMLAttributes } from "react";
import { cx } from "./class-names";
import { ignoreClicksWhileBusy } from "./click-guard";
import { RefreshIcon } from "./icons";

interface RefreshButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "children" | "disabled"> {
  loading?: boolean;
}

/**
 * "Atualizar": reloads a list. While loading it is dimmed with a not-allowed cursor (SPEC),
 * aria-disabled rather than disabled so keyboard focus stays put, and ignores clicks.
 */
export function RefreshButton({
  loading = false,
  type = "button",
  onClick,
  className,
  ...props
}: RefreshButtonProps) {
  return (
    <button
      type={type}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={ignoreClicksWhileBusy(loading, onClick)}
      className={cx(
        "inline-flex min-h-10 items-center gap-2 rounded-xl border border-line bg-white px-4 text-sm font-semibold text-brand-800 shadow-sm transition focus-ring",
        loading ? "cursor-not-allowed opacity-50" : "hover:border-brand-300 hover:bg-brand-50",
        className,
      )}
      {...props}
    >
      <RefreshIcon className={cx("size-4", loading && "animate-spin")} />
      Atualizar
    </button>
  );
}
