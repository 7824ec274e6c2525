import { cx } from "./class-names";

/**
 * A turning ring in the current text colour. Pass `label` when the spinner is the only sign of
 * loading (it then becomes a status message); inside a labelled button it stays decorative.
 */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const ring = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={cx("animate-spin", className ?? "size-5")}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
