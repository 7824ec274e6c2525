import type { MiddlewareFunction } from "react-router";
import { sessionContext } from "./session.server";

/**
 * Who may keep a copy of an answer (docs/design.md section 8). Pages and their `.data` twins show the
 * signed-in person (the header's name, their own records), so:
 * - to a signed-in person, and on every private area (/app, /admin, /auth, whose pages carry
 *   reset tokens and form echoes), nothing may be stored anywhere: `private, no-store`;
 * - to an anonymous visitor, a public page may be kept by the browser but never by a shared
 *   cache, which could hand it to a signed-in person (or theirs to a visitor): `private,
 *   no-cache` and `Vary: Cookie`.
 * Resource routes that are the same for everyone (images, geography, the sitemap) set their
 * own caching, which is kept outside the private areas.
 */
const PRIVATE_AREA = /^\/(?:app|admin|auth)(?:[/.]|$)/;
const NO_STORE = "private, no-store";
const ANONYMOUS_PAGE = "private, no-cache";

export const privateCachingMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  const response = await next();
  const pathname = new URL(request.url).pathname;
  const signedIn = context.get(sessionContext) !== null;
  const isPage =
    pathname.endsWith(".data") ||
    (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  const own = response.headers.get("Cache-Control");

  let policy: string | null = null;
  if (PRIVATE_AREA.test(pathname)) policy = NO_STORE;
  else if (isPage) policy = signedIn ? NO_STORE : ANONYMOUS_PAGE;
  else if (own === null) policy = signedIn ? NO_STORE : null;
  if (policy === null) return response;

  response.headers.set("Cache-Control", policy);
  if (isPage && !/\bcookie\b/i.test(response.headers.get("Vary") ?? "")) {
    response.headers.append("Vary", "Cookie");
  }
  return response;
};
