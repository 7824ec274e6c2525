import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * A body answered many times as the same bytes (a geography list, a cached public page),
 * compressed once per encoding the first time a browser asks for it, and then written in one
 * piece with its Content-Encoding (issue 17: compressing the same page again on every request, in
 * ~25 steps, made a cached hit cost 19 times as much for browsers as for clients asking for no
 * compression).
 */
export type Encoding = "br" | "gzip" | "identity";

/**
 * "thorough" for bodies made once (per process, or per build for the browser's files: brotli 11
 * costs ~50 ms for 70 kB, paid once);
 * "quick" for bodies that live seconds (brotli 5: ~2 ms for a 70 kB page, within ~10 % of 11's size
 * on our HTML);
 * "single" for a body compressed for one answer, a page rendered for its request (brotli 4: the
 * rendered directory's 81.6 kB in 0.56 ms to 8 357 bytes, against 0.62 ms to 7 878 at 5, with
 * the window fitted to the body; ADR 0065).
 */
export type CompressionEffort = "thorough" | "quick" | "single";

const BROTLI_QUALITY: Record<CompressionEffort, number> = { thorough: 11, quick: 5, single: 4 };

/**
 * Smaller bodies are not worth compressing (the encodings gain less than their headers cost):
 * not by the server, the compression middleware or the build.
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * The copies of the browser's files compressed at build time, `<file>.br` and `<file>.gz`
 * (scripts/vite/precompress-client.ts writes them, server/static-files.ts sends them; ADR 0062).
 */
export type BuiltEncoding = Exclude<Encoding, "identity">;

export const BUILT_ENCODINGS: ReadonlyArray<{ encoding: BuiltEncoding; suffix: string }> = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
];

const EVERY_ENCODING: ReadonlySet<BuiltEncoding> = new Set(["br", "gzip"]);

export class EncodedBody {
  private readonly made = new Map<Encoding, Buffer>();
  private readonly making = new Map<Encoding, Promise<Buffer>>();
  private tag: string | undefined;

  constructor(
    readonly identity: Buffer,
    private readonly effort: CompressionEffort,
  ) {
    this.made.set("identity", identity);
  }

  /** A strong ETag of the content (computed when first asked: cached pages never ask). */
  get etag(): string {
    this.tag ??= `"${createHash("sha256").update(this.identity).digest("base64url").slice(0, 22)}"`;
    return this.tag;
  }

  /** The body in `encoding` when it has been made (every answer after the first). */
  ready(encoding: Encoding): Buffer | undefined {
    return this.made.get(encoding);
  }

  /**
   * Makes the body in `encoding` on libuv's thread pool, off the event loop (on two cores a
   * rendered page's brotli pass, ~1 ms, then overlaps the next render); answers asking for it
   * at the same time share the one pass.
   */
  make(encoding: Encoding): Promise<Buffer> {
    const ready = this.made.get(encoding);
    if (ready) return Promise.resolve(ready);
    let pending = this.making.get(encoding);
    if (!pending) {
      pending = compress(this.identity, encoding, this.effort).then((bytes) => {
        this.made.set(encoding, bytes);
        this.making.delete(encoding);
        return bytes;
      });
      this.making.set(encoding, pending);
    }
    return pending;
  }

  /** Bytes held across the variants made so far. */
  get size(): number {
    let total = 0;
    for (const bytes of this.made.values()) total += bytes.length;
    return total;
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The smallest brotli window that holds the whole body (brotli keeps 16 bytes of it back), from
 * 64 kB to brotli's 16 MB. The default window is 4 MB whatever the body: every encoder then
 * reserved memory outside V8's heap that V8 counts, and at hundreds of pages a second that count
 * started a full garbage collection every few hundred milliseconds ("external memory pressure",
 * ADR 0061). A window that holds the body compresses it to the same size.
 */
export function brotliWindowBits(length: number): number {
  const bits = Math.ceil(Math.log2(length + 16));
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(16, bits));
}

/** `bytes` in `encoding` ("identity": as they are), on libuv's thread pool. */
export function compress(
  bytes: Buffer,
  encoding: Encoding,
  effort: CompressionEffort,
): Promise<Buffer> {
  if (encoding === "br") {
    return brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(bytes.length),
      },
    });
  }
  if (encoding === "gzip") return gzipped(bytes, { level: effort === "thorough" ? 9 : 6 });
  return Promise.resolve(bytes);
}

/**
 * brotli, then gzip, when the browser accepts them (a `;q=0` refuses one) and the body exists in
 * that encoding (`available`: a built file may have been kept in one or none).
 */
export function chooseEncoding(
  header: string | null | undefined,
  available: { has(encoding: BuiltEncoding): boolean } = EVERY_ENCODING,
): Encoding {
  const accepted = new Set(
    (header ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has("br") && available.has("br")) return "br";
  if (accepted.has("gzip") && available.has("gzip")) return "gzip";
  return "identity";
}

/** If-None-Match lists tags (weak ones too: a compressing proxy may have weakened ours), or "*". */
export function etagMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}
