import { getSessionCookie } from "better-auth/cookies";
import { createContext, type MiddlewareFunction } from "react-router";
import { auth } from "~/auth/auth.server";
import { AUTH_COOKIE_PREFIX } from "~/auth/auth-cookies";
import { freshSessionUser } from "~/auth/session-lookup.server";
import { type SessionUser, toSessionUser } from "~/auth/session-user";

export const sessionContext = createContext<SessionUser | null>(null);

/**
 * Root middleware: reads the session cookie once per request, and passes on the refreshed
 * cookie when the session's expiry was pushed ahead (the one-hour lifetime slides with use).
 * A request without a session cookie (every first visit, every crawler) has no session to look
 * up: better-auth is not asked (its lookup cost a third of a cached page's CPU, issue 17). A
 * session that needs no write (no refresh, no cookie to clear) is read by one prepared query
 * (ADR 0055); every other case goes to better-auth.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
  if (!getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) {
    context.set(sessionContext, null);
    return next();
  }
  const fresh = await freshSessionUser(request.headers.get("cookie"));
  if (fresh) {
    context.set(sessionContext, fresh);
    return next();
  }
  const { response: session, headers } = await auth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  context.set(sessionContext, session ? toSessionUser(session.user) : null);
  const response = await next();
  if (!response.headers.has("Set-Cookie")) {
    for (const cookie of headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  }
  return response;
};
