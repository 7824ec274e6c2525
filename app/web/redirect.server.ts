import { redirect as routerRedirect } from "react-router";

/**
 * React Router's `redirect`, for a location that may hold what a person typed or a decoded route
 * parameter (`/eventos/${params.id}`): a header value is Latin-1 text, and anything else (an id
 * with "य" in it, a space) made building the redirect throw, a 500 for a malformed address
 * (issue 11's fuzzing found it). Every byte outside printable ASCII is percent-encoded as UTF-8;
 * escapes already in `to` are kept. The app imports `redirect` from here only (biome.json).
 */
export function redirect(to: string, init?: number | ResponseInit): Response {
  return routerRedirect(safeLocation(to), init);
}

/** `to` with every run of characters outside printable ASCII percent-encoded as UTF-8. */
export function safeLocation(to: string): string {
  return to.replace(/[^\x21-\x7e]+/g, (run) =>
    Array.from(
      Buffer.from(run, "utf8"),
      (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    ).join(""),
  );
}
