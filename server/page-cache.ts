import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { trackDegraded } from "~/lib/degraded-response.server";

/**
 * A short-lived cache of public pages as anonymous visitors see them (ADR 0008). Rendering the
 * directory costs milliseconds of CPU per request; at hundreds of requests per second the same
 * few URLs are rendered again and again with the same data. Rules:
 * - only GET requests without any cookie, for the public pages listed below, and only 200 HTML
 *   answers that set no cookie and that no loader marked as degraded (database fallbacks);
 * - an entry lives `ttlMs`; any write request handled by this instance empties the cache (an
 *   approval, an edit, a sign-up show up at once here; other instances see them within ttlMs);
 * - each hit gets a fresh CSP nonce, replaced in the header and in the body's script tags, so a
 *   nonce is never served twice.
 */
const PUBLIC_PAGE =
  /^\/(?:|instituicoes|eventos|termos-de-uso|politicas-de-privacidade|(?:instituicoes|eventos)\/[0-9a-fA-F-]{36})$/;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;

interface Entry {
  status: number;
  headers: [string, string][];
  /** The body as UTF-8, cut where the nonce was: a hit joins the parts with a new nonce. */
  parts: Buffer[];
  nonce: string;
  storedAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** Upper bound of the bodies kept, in bytes. */
  maxBytes: number;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every write: a render that began before a write is not stored. */
  private generation = 0;

  constructor(private readonly options: PageCacheOptions) {}

  /** A write request began or ended: nothing rendered before it may be served again. */
  invalidate(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Answers from the cache straight on the Node response, before any Fetch API object is made
   * (a hit then costs little more than the socket write). False when the page must be rendered.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const key = cacheKey(req.method, req.url ?? "/", req.headers.cookie !== undefined);
    const entry = key ? this.entries.get(key) : undefined;
    if (!key || !entry) return false;
    if (performance.now() - entry.storedAt >= this.options.ttlMs) {
      this.remove(key, entry);
      return false;
    }
    const nonce = Buffer.from(randomBytes(16).toString("base64"));
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) {
      res.setHeader(
        name,
        name === "content-security-policy" ? value.replace(entry.nonce, `${nonce}`) : value,
      );
    }
    // One write: the compression middleware costs a step per write (a hit written in ~25
    // pieces cost 19 times a hit without compression, issue 17).
    res.end(
      Buffer.concat(entry.parts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part]))),
    );
    return true;
  }

  /** Renders a page the cache did not answer, keeping it when it may be reused. */
  async render(request: Request, render: () => Promise<Response>): Promise<Response> {
    const url = new URL(request.url);
    const key = cacheKey(
      request.method,
      `${url.pathname}${url.search}`,
      request.headers.has("cookie"),
    );
    if (!key) return render();
    const generation = this.generation;
    const { result: response, degraded } = await trackDegraded(render);
    const nonce = NONCE_IN_CSP.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    if (
      response.status !== 200 ||
      !nonce ||
      response.headers.has("set-cookie") ||
      !response.headers.get("content-type")?.startsWith("text/html")
    ) {
      return response;
    }
    const body = await response.text();
    if (!degraded() && generation === this.generation) {
      this.store(key, {
        status: response.status,
        headers: [...response.headers].filter(([name]) => name !== "content-length"),
        parts: body.split(nonce).map((part) => Buffer.from(part)),
        nonce,
        storedAt: performance.now(),
        bytes: Buffer.byteLength(body),
      });
    }
    return new Response(body, { status: response.status, headers: response.headers });
  }

  private store(key: string, entry: Entry): void {
    if (entry.bytes > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // Oldest first: a Map iterates in insertion order.
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + entry.bytes <= this.options.maxBytes) break;
      this.remove(oldKey, old);
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The request's path and query, or null when it must always be rendered. */
function cacheKey(
  method: string | undefined,
  pathAndQuery: string,
  hasCookie: boolean,
): string | null {
  if (method !== "GET" || hasCookie) return null;
  const path = pathAndQuery.split("?")[0] ?? "";
  return PUBLIC_PAGE.test(path) ? pathAndQuery : null;
}
