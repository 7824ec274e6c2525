import { createContext, type ReactElement } from "react";

/**
 * HTML of parts of a page rendered once and reused (docs/decisions/0059). Only the server has one
 * (entry.server provides it); in the browser the context is null and every part renders as usual.
 */
export interface PreparedHtmlStore {
  /** The HTML rendered before for this key, if it is still kept. */
  html(key: string): string | undefined;
  /** Renders `element` after the current request's work and keeps its HTML under `key`. */
  prepare(key: string, element: ReactElement): void;
}

export const PreparedHtmlContext = /* @__PURE__ */ createContext<PreparedHtmlStore | null>(null);
