import { cx } from "../ui/class-names";

/**
 * The logo mark: a heart held by two linked rings (a volunteer and an institution meeting),
 * in the brand teal with a warm accent. The same drawing is public/favicon.svg.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      className={cx("shrink-0", className ?? "size-9")}
    >
      <rect width="40" height="40" rx="11" fill="#0f766e" />
      <path
        d="M20 30.5s-9.5-5.6-9.5-12.1a5.2 5.2 0 0 1 9.5-2.9 5.2 5.2 0 0 1 9.5 2.9c0 6.5-9.5 12.1-9.5 12.1Z"
        fill="#fff"
      />
      <circle cx="29.5" cy="10.5" r="4" fill="#fb923c" />
    </svg>
  );
}
