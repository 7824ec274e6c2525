import { cookieAttributes } from "~/config/cookie-attributes.server";
import type { Flash, FlashTone } from "~/lib/flash";
import { redirect } from "~/web/redirect.server";

/**
 * One-shot messages that survive a redirect: set as a short cookie by an action, read and
 * cleared by the root loader, shown as a toast, with or without JavaScript.
 */
const COOKIE = "conecta.flash";

function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${COOKIE}=${value}; ${cookieAttributes()}; Max-Age=60`;
}

/** Adds the flash cookie to headers that already carry other cookies (a sign-out's, say). */
export function appendFlash(headers: Headers, message: string, tone: FlashTone): Headers {
  headers.append("Set-Cookie", flashCookie({ message, tone }));
  return headers;
}

/** A redirect that shows `message` on the page it lands on; `headers` keeps other cookies. */
export function redirectWithFlash(
  to: string,
  message: string,
  tone: FlashTone,
  headers: Headers = new Headers(),
): Response {
  return redirect(to, { headers: appendFlash(headers, message, tone) });
}

export function readFlash(request: Request): Flash | null {
  const raw = request.headers
    .get("cookie")
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as Partial<Flash>;
    if (typeof parsed.message !== "string") return null;
    const tone = parsed.tone === "error" || parsed.tone === "info" ? parsed.tone : "success";
    return { message: parsed.message.slice(0, 200), tone };
  } catch {
    return null;
  }
}

export function clearFlashCookie(): string {
  return `${COOKIE}=; ${cookieAttributes()}; Max-Age=0`;
}
