import type { ToastTone } from "~/components/ui/toast";
import { cookieAttributes } from "./cookie-attributes.server";

/**
 * One-shot messages that survive a redirect ("Logout realizado com sucesso."): set as a short
 * cookie by an action, read and cleared by the root loader, shown as a toast, with or without
 * JavaScript.
 */
export interface Flash {
  message: string;
  tone: ToastTone;
}

const COOKIE = "conecta.flash";

export function flashCookie(flash: Flash): string {
  const value = encodeURIComponent(JSON.stringify(flash));
  return `${COOKIE}=${value}; ${cookieAttributes()}; Max-Age=60`;
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
