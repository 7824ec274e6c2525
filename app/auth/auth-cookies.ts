/** The start of every cookie better-auth sets for us ("conecta.session_token"...). */
export const AUTH_COOKIE_PREFIX = "conecta";

/**
 * The cookies better-auth keeps a session in, by name (with `__Secure-` in front behind HTTPS).
 * Our own cookies share the prefix ("conecta.flash"), so the names are listed, not matched.
 */
const SESSION_COOKIE = new RegExp(
  `^(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.(?:session_token|session_data|dont_remember|account_data)$`,
);
const SESSION_TOKEN = new RegExp(`^(?:__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token$`);

/**
 * True when a Cookie header carries a session token and nothing but session cookies: a request
 * that says only "someone is signed in" (ADR 0053). Any other cookie (a flash message, say) may
 * change the page, so it is false then.
 */
export function carriesOnlySession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  let token = false;
  for (const part of cookieHeader.split(";")) {
    const name = part.split("=", 1)[0]?.trim() ?? "";
    if (name === "") continue;
    if (!SESSION_COOKIE.test(name)) return false;
    if (SESSION_TOKEN.test(name)) token = true;
  }
  return token;
}
