import type { ReactNode } from "react";

/**
 * A small set of inline line icons (24 x 24, stroke follows the text colour). Inline SVG costs
 * no request and no icon library. Icons are decorative: the text next to them carries the
 * meaning, so they are hidden from assistive technology.
 */
export interface IconProps {
  /** Size and colour (Tailwind classes); "size-5" when absent. */
  className?: string;
}

/**
 * Props are named one by one (no rest, no spread): the server bundle turns spreads into helper
 * calls (ADR 0063), and a page renders dozens of icons.
 */
export function Icon({ children, className = "size-5" }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}
