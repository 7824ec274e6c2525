import type { HeadersArgs } from "react-router";

/** The `Retry-After` header of a 429 or 503 (whole seconds, RFC 9110 section 10.2.3). */
export function retryAfterHeaders(retryAfterSeconds: number): HeadersInit {
  return { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) };
}

/**
 * A route's `headers` export for forms whose action may answer 429 (a rate limit) or 503 (the
 * image queue is full) with a Retry-After: React Router passes only an action's cookies to the
 * page's response unless the route says which other headers to keep. Whatever a parent route
 * sets is kept as it is.
 */
export function passRetryAfter({ actionHeaders, parentHeaders }: HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
