import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { log } from "~/lib/log.server";
import type { PreparedHtmlStore } from "~/lib/prepared-html";

/** About 4 MB of kept HTML: some 1 500 cards, 75 pages of a list. */
export const PREPARED_HTML_CHARACTERS = 4_000_000;

/**
 * The server's store of prepared HTML (docs/decisions/0059): the most recently used parts, up to
 * `capacity` characters of keys and HTML together. A part is rendered after the request that
 * first needed it (`setImmediate`, outside React's render of that page), under a router at "/"
 * so its links to absolute paths render as they do in the page. A part that fails to render is
 * logged once and never reused: its pages keep rendering it in place.
 */
export function createPreparedHtmlStore(capacity = PREPARED_HTML_CHARACTERS) {
  // Map order is use order: a hit moves its entry to the end, eviction takes from the front.
  const kept = new Map<string, string | null>();
  const pending = new Set<string>();
  let size = 0;

  const keep = (key: string, html: string | null) => {
    kept.set(key, html);
    size += key.length + (html?.length ?? 0);
    for (const [oldKey, oldHtml] of kept) {
      if (size <= capacity) break;
      kept.delete(oldKey);
      size -= oldKey.length + (oldHtml?.length ?? 0);
    }
  };

  const render = (key: string, element: ReactElement) => {
    pending.delete(key);
    if (kept.has(key)) return;
    const part = key.slice(0, key.indexOf("\u0000"));
    try {
      keep(key, renderToString(<StaticRouter location="/">{element}</StaticRouter>));
      log.debug({ part }, "prepared html kept");
    } catch (error) {
      log.error({ err: error, part }, "prepared html failed");
      keep(key, null);
    }
  };

  const store: PreparedHtmlStore & { readonly size: number; readonly count: number } = {
    html(key) {
      const html = kept.get(key);
      if (html === undefined || html === null) return undefined;
      kept.delete(key);
      kept.set(key, html);
      return html;
    },
    prepare(key, element) {
      if (pending.has(key) || kept.has(key)) return;
      pending.add(key);
      setImmediate(render, key, element);
    },
    get size() {
      return size;
    },
    get count() {
      return kept.size;
    },
  };
  return store;
}
