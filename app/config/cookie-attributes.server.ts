import { env } from "~/config/env.server";

/**
 * The attributes of every cookie the app sets itself (flash messages, the sign-up draft, a
 * cleared session): never readable by scripts, not sent on cross-site posts, and Secure when the
 * site is served over HTTPS. Browsers ignore a `__Secure-` cookie set without Secure, so a
 * session cookie cleared without it would stay in the browser.
 */
export function cookieAttributes(path = "/"): string {
  return `Path=${path}; HttpOnly; SameSite=Lax${env().isHttps ? "; Secure" : ""}`;
}
