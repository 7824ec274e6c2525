import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import type { SessionUser } from "~/auth/session-user";
import type { Profile } from "~/config/constants";
import { redirect } from "~/web/redirect.server";
import { sessionContext } from "./session.server";

/**
 * Route guards of docs/spec.md section 2, as route middleware of the pathless layouts in app/routes.ts
 * (routes/_admin.tsx, _member, _volunteer, _institution): middleware runs for every matched route,
 * so a document request, a `.data` request and a direct POST are all checked, whichever loaders
 * the request names.
 */

/**
 * The remembered origin travels in the query, so it survives a sign-in without JavaScript. It is
 * the page the person asked for: React Router's `url` argument, which leaves out what a
 * client-side navigation adds (`<path>.data?_routes=...`; ADR 0058).
 */
export function loginRedirect(url: URL, loginPath = "/auth/login"): Response {
  const origin = `${url.pathname}${url.search}`;
  return redirect(`${loginPath}?redirectTo=${encodeURIComponent(origin)}`);
}

/** Any signed-in USER (volunteer or institution); `profile` narrows it to one. */
export function requireUser(profile?: Profile): MiddlewareFunction<Response> {
  return ({ url, context }) => {
    const user = context.get(sessionContext);
    if (!user) throw loginRedirect(url);
    if (user.role !== "USER" || (profile && user.profile !== profile)) throw redirect("/");
  };
}

export const requireAdmin: MiddlewareFunction<Response> = ({ url, context }) => {
  const user = context.get(sessionContext);
  if (!user) throw loginRedirect(url, "/admin/login");
  if (user.role !== "ADMIN") throw redirect("/");
};

/** The session user inside a loader or action whose route middleware already checked access. */
export function sessionUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(sessionContext);
  if (!user) throw new Error("sessionUser() used on a route without a guard");
  return user;
}
