import type { IncomingMessage } from "node:http";

/**
 * The first judgement on a request the HTTP parser accepted: which method, which resource, for
 * which host. Anything the app cannot serve is answered here with a 4xx, before a Fetch API
 * object is built (the WHATWG URL and Request constructors throw on several inputs that Node's
 * parser lets through: an undecodable path, a Host like "a b", methods such as TRACE).
 */

/** The methods the app serves. Forms post; pages and files are read. */
export const SERVED_METHODS = ["GET", "HEAD", "POST"] as const;
export const ALLOW_HEADER = SERVED_METHODS.join(", ");

export type TargetCheck =
  | { ok: true; url: URL }
  | { ok: false; status: 400 | 405; message: string; allow?: string };

const BAD_REQUEST = "O endereço pedido não é válido.";

/**
 * A Host header as RFC 9110 allows it: a registered name (letters, digits, "-", "."), an IPv4
 * address or a bracketed IPv6 literal, with an optional port.
 */
const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/**
 * The request's URL on our own origin, or why it cannot be served. The origin is always
 * BASE_URL's: the Host header is checked for form only, never trusted to build links.
 */
export function checkRequestTarget(req: IncomingMessage, origin: string): TargetCheck {
  const method = req.method ?? "";
  if (!(SERVED_METHODS as readonly string[]).includes(method) && method !== "OPTIONS") {
    return {
      ok: false,
      status: 405,
      message: "Este endereço não aceita esse tipo de pedido.",
      allow: ALLOW_HEADER,
    };
  }
  const host = req.headers.host;
  if (host !== undefined && !HOST.test(host))
    return { ok: false, status: 400, message: BAD_REQUEST };

  const target = pathAndQuery(req.url ?? "");
  if (target === null) return { ok: false, status: 400, message: BAD_REQUEST };
  let url: URL;
  try {
    // Concatenated, not resolved: "//other.example/x" is a path here, never another host.
    url = new URL(`${origin}${target}`);
  } catch {
    return { ok: false, status: 400, message: BAD_REQUEST };
  }
  if (url.origin !== origin || !decodablePath(url.pathname)) {
    return { ok: false, status: 400, message: BAD_REQUEST };
  }
  return { ok: true, url };
}

/**
 * The path and query of the request target: origin-form ("/path?q") as browsers send it, or
 * absolute-form ("http://host/path?q") as proxies may (RFC 9112 section 3.2.2). The
 * asterisk-form ("*", OPTIONS only) names the server itself.
 */
function pathAndQuery(target: string): string | null {
  if (target.startsWith("/")) return target;
  if (target === "*") return "/";
  if (/^https?:\/\//i.test(target)) {
    try {
      const absolute = new URL(target);
      return `${absolute.pathname}${absolute.search}`;
    } catch {
      return null;
    }
  }
  return null;
}

/** Every percent-escape decodes to UTF-8 text without control characters. */
function decodablePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path never holds them
  return !/[\u0000-\u001f\u007f]/.test(decoded);
}
