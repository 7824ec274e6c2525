import type { ReactNode, SVGProps } from "react";

/**
 * A small set of inline line icons (24 x 24, stroke follows the text colour). Inline SVG costs
 * no request and no icon library. Icons are decorative: the text next to them carries the
 * meaning, so they are hidden from assistive technology.
 */
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({
  children,
  className = "size-5",
  ...props
}: IconProps & { children: ReactNode }) {
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
      {...props}
    >
      {children}
    </svg>
  );
}
