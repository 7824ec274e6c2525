import { createContext, type MiddlewareFunction } from "react-router";
import { auth } from "~/auth/auth.server";
import { type SessionUser, toSessionUser } from "~/auth/session-user";

export const sessionContext = createContext<SessionUser | null>(null);

/**
 * Root middleware: reads the session cookie once per request, and passes on the refreshed
 * cookie when the session's expiry was pushed ahead (the one-hour lifetime slides with use).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async (
  { request, context },
  next,
) => {
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
