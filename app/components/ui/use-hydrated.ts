import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true once React runs in the browser. Pieces that
 * need JavaScript (a show-password toggle, upload buttons) render only then, so a page without
 * JavaScript never shows a control that does nothing, and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
