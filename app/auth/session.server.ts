import { createContext, type MiddlewareFunction } from "react-router";
import type { Profile, Role } from "~/config/constants";
import { auth } from "./auth.server";

/** The signed-in person as the server knows them; nothing here is taken from the browser. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  profile: Profile;
}

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

export function toSessionUser(user: {
  id: string;
  name: string;
  email: string;
  role?: unknown;
  profile?: unknown;
}): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === "ADMIN" ? "ADMIN" : "USER",
    profile: user.profile as Profile,
  };
}

/** SPEC.md "Home routing by role". */
export function homePathFor(user: Pick<SessionUser, "role" | "profile">): string {
  if (user.role === "ADMIN") return "/admin/dashboard";
  if (user.role !== "USER") return "/";
  return user.profile === "VOLUNTEER" ? "/app/voluntario" : "/app/instituicao";
}
