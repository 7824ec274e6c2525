import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { GEO_CACHE_CONTROL } from "./cache";

/**
 * The geography lists change only with a deploy, so each one is serialised and compressed once
 * per process (28 bodies at most: the states and each state's municipalities) and answered as the
 * same bytes with an ETag: brotli or gzip as the browser accepts (the compression middleware
 * leaves a body that already has a Content-Encoding alone), and a 304 without a body for a
 * browser that has them (issue 17: `Response.json` re-encoded and re-compressed 645 names on
 * every request).
 */
interface Body {
  identity: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

const bodies = new Map<string, Body>();

const copy = (bytes: Uint8Array) => new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;

function prepare(list: unknown): Body {
  const identity = new TextEncoder().encode(JSON.stringify(list));
  const digest = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  return {
    identity,
    br: copy(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: copy(gzipSync(identity, { level: 9 })),
    etag: `"${digest}"`,
  };
}

export function geoJsonResponse(request: Request, key: string, list: () => unknown): Response {
  let body = bodies.get(key);
  if (!body) {
    body = prepare(list());
    bodies.set(key, body);
  }
  const headers: Record<string, string> = {
    "Cache-Control": GEO_CACHE_CONTROL,
    ETag: body.etag,
    Vary: "Accept-Encoding",
  };
  if (matches(request.headers.get("If-None-Match"), body.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return new Response(body[encoding], {
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** If-None-Match lists tags (weak ones too: a compressing proxy may have weakened ours), or "*". */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/** brotli, then gzip, when the browser accepts them (a `;q=0` refuses one). */
export function chooseEncoding(header: string | null): "br" | "gzip" | "identity" {
  const accepted = new Set(
    (header ?? "")
      .toLowerCase()
      .split(",")
      .map((part) => part.trim().split(";"))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}
