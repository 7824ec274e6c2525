import type { ReactNode } from "react";
import { cx } from "./class-names";

/**
 * Two buttons of equal width side by side, stacked (first on top) on narrow phones where two
 * pt-BR labels side by side would wrap. Give the buttons `fullWidth`.
 */
export function TwoButtonRow({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx("grid gap-3 min-[26rem]:grid-cols-2", className)}>{children}</div>;
}
