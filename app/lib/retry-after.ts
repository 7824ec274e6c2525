import type { HeadersArgs } from "react-router";

/**
 * A route's `headers` export for forms whose action may answer 429 (a rate limit) or 503 (the
 * image queue is full) with a Retry-After: React Router passes only an action's cookies to the
 * page's response unless the route says which other headers to keep. Whatever a parent route
 * sets is kept as it is.
 */
export function retryAfterHeaders({ actionHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
