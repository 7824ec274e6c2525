import type { IncomingMessage, ServerResponse } from "node:http";
import { carriesOnlySession } from "~/auth/auth-cookies";
import { trackDegraded } from "~/lib/degraded-response.server";
import { EncodedBody } from "~/lib/encoded-body.server";
import { log } from "~/lib/log.server";
import { type EncodedAnswer, sendEncoded } from "./encoded-response";
import { hashInlineScripts } from "./script-hashes";

/**
 * A short-lived cache of public pages as anonymous visitors see them (ADR 0008, ADR 0042), and of
 * the lists as every signed-in person sees them (ADR 0053).
 * Rendering the directory costs milliseconds of CPU per request; at hundreds of requests per
 * second the same few URLs are rendered again and again with the same data. Rules:
 * - only GET requests without any cookie, for the public pages listed below, or with nothing but
 *   a session's cookies for the lists that show a member nothing of their own (then rendered
 *   without the cookies, the header's person asked for apart: `member` in the key); only 200
 *   HTML answers that set no cookie and that no loader marked as degraded (database fallbacks);
 * - a page is kept from its second request on, within `admitMs` of the one before: a URL asked
 *   for once (a unique search, a crawler's walk through the pages, a shared link's tracking
 *   parameter) would only pay for being kept and push out pages that are asked for again;
 * - an entry lives `ttlMs`; any write request handled by this instance empties the cache (an
 *   approval, an edit, a sign-up show up at once here; other instances see them within ttlMs);
 * - a kept page is the same bytes on every answer: its inline scripts are allowed by their hashes
 *   instead of a nonce (server/script-hashes.ts), so it is compressed once per encoding and
 *   written in one piece, before the compression middleware (ADR 0042).
 */
const PUBLIC_PAGE =
  /^\/(?:|instituicoes|eventos|termos-de-uso|politicas-de-privacidade|(?:instituicoes|eventos)\/[0-9a-fA-F-]{36})$/;
/**
 * The public pages whose loaders never read the session: the same for every signed-in person
 * but for the header. The landing greets a member and the detail pages show their own
 * application or place, so those are rendered for each.
 */
const MEMBER_SHARED_PAGE = /^\/(?:instituicoes|eventos|termos-de-uso|politicas-de-privacidade)$/;
const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=]+)'/;
/** Keys remembered for admission: ~1 MB of URLs at most. */
const SEEN_KEYS = 10_000;

interface Entry extends EncodedAnswer {
  key: string;
  headers: [string, string][];
  storedAt: number;
  /** What the entry counts against maxBytes: grows as encodings are made. */
  bytes: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  /** A page is kept when it was last asked for at most this long ago. */
  admitMs: number;
  /**
   * Upper bound of the bodies kept, in bytes, checked when a page is stored; the encodings made
   * for it afterwards count too (so the next store evicts more).
   */
  maxBytes: number;
}

/** What `render` produced: a page kept for reuse (answer it with `send`) or one to pass on. */
export type Rendered = { kept: Entry } | { response: Response };

/** A request the cache may answer: its key, and whether it is a member's shared page. */
export interface CacheablePage {
  key: string;
  /** Rendered without the request's cookies, the same for every signed-in person. */
  member: boolean;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every write: a render that began before a write is not stored. */
  private generation = 0;
  /**
   * When each recently rendered key was last asked for, oldest first; writes leave it alone (it
   * says what people ask for, not what the pages hold). At most SEEN_KEYS keys.
   */
  private readonly seen = new Map<string, number>();

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
  serve(req: IncomingMessage, res: ServerResponse, cacheable: CacheablePage | null): boolean {
    const key = cacheable?.key;
    const entry = key ? this.entries.get(key) : undefined;
    if (!key || !entry) return false;
    if (performance.now() - entry.storedAt >= this.options.ttlMs) {
      this.remove(key, entry);
      return false;
    }
    this.send(req, res, entry).catch((error: unknown) => {
      log.error({ err: error }, "cached page not sent");
      res.destroy();
    });
    return true;
  }

  /** Writes a kept page, counting the encodings it makes on the way against maxBytes. */
  async send(req: IncomingMessage, res: ServerResponse, entry: Entry): Promise<void> {
    const before = entry.body.size;
    await sendEncoded(req, res, entry);
    const grown = entry.body.size - before;
    entry.bytes += grown;
    if (this.entries.get(entry.key) === entry) this.bytes += grown;
  }

  /** Renders a page the cache did not answer (see cacheablePage), keeping it when it may be reused. */
  async render(key: string, render: () => Promise<Response>): Promise<Rendered> {
    if (!this.admit(key)) return { response: await render() };
    const generation = this.generation;
    const { result: response, degraded } = await trackDegraded(render);
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = NONCE_IN_CSP.exec(csp)?.[1];
    if (
      response.status !== 200 ||
      !nonce ||
      response.headers.has("set-cookie") ||
      !response.headers.get("content-type")?.startsWith("text/html")
    ) {
      return { response };
    }
    const html = await response.text();
    const hashed = hashInlineScripts(html, nonce, csp);
    if (!hashed || degraded() || generation !== this.generation) {
      return {
        response: new Response(html, { status: response.status, headers: response.headers }),
      };
    }
    const identity = Buffer.from(hashed.html);
    const entry: Entry = {
      key,
      status: response.status,
      headers: [...response.headers].map(([name, value]) => [
        name,
        name === "content-security-policy" ? hashed.csp : value,
      ]),
      body: new EncodedBody(identity, "quick"),
      storedAt: performance.now(),
      bytes: identity.length,
    };
    this.store(key, entry);
    return { kept: entry };
  }

  /** True when `key` was asked for before, within admitMs; remembers this request either way. */
  private admit(key: string): boolean {
    const now = performance.now();
    const before = this.seen.get(key);
    // Deleted and set again, so the Map's order stays oldest-asked first.
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > SEEN_KEYS) {
      const oldest = this.seen.keys().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return before !== undefined && now - before < this.options.admitMs;
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

/** The cache's view of a request, or null when it must always be rendered for itself. */
export function cacheablePage(req: IncomingMessage): CacheablePage | null {
  if (req.method !== "GET") return null;
  const pathAndQuery = req.url ?? "/";
  const path = pathAndQuery.split("?", 1)[0] ?? "";
  const cookie = req.headers.cookie;
  if (cookie === undefined)
    return PUBLIC_PAGE.test(path) ? { key: pathAndQuery, member: false } : null;
  if (!MEMBER_SHARED_PAGE.test(path) || !carriesOnlySession(cookie)) return null;
  return { key: `member ${pathAndQuery}`, member: true };
}
