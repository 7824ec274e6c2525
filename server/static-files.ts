import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { BUILT_ENCODINGS, type BuiltEncoding, chooseEncoding } from "~/lib/encoded-body.server";
import { log } from "~/lib/log.server";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
};

interface StaticFile {
  file: string;
  size: number;
  type: string;
  immutable: boolean;
  /** Copies compressed at build time (ADR 0062), by encoding. */
  encoded: Map<BuiltEncoding, { file: string; size: number }>;
}

const SUFFIXES = new Set(BUILT_ENCODINGS.map(({ suffix }) => suffix));

/**
 * Serves the built client folder. The file list is read once at start (the build never changes
 * while serving), so a request can only ever reach a file that exists: no path traversal.
 * Hashed files under /assets/ are cached for a year; the rest (favicon) for an hour. A file
 * compressed at build time goes out in the encoding the browser prefers, as it is (the
 * compression middleware leaves an answer with a Content-Encoding alone).
 */
export function createStaticHandler(root: string) {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (SUFFIXES.has(path.extname(entry.name))) continue;
      const urlPath = `/${path.relative(root, full).split(path.sep).join("/")}`;
      const encoded = new Map<BuiltEncoding, { file: string; size: number }>();
      for (const { encoding, suffix } of BUILT_ENCODINGS) {
        const copy = `${full}${suffix}`;
        if (existsSync(copy)) encoded.set(encoding, { file: copy, size: statSync(copy).size });
      }
      files.set(urlPath, {
        file: full,
        size: statSync(full).size,
        type: CONTENT_TYPES[path.extname(entry.name)] ?? "application/octet-stream",
        immutable: urlPath.startsWith("/assets/"),
        encoded,
      });
    }
  };
  walk(root);

  /** `pathname` is the request's checked path (server/request-target.ts): it always decodes. */
  return function serveStatic(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): boolean {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const found = files.get(decodeURIComponent(pathname));
    if (!found) return false;
    const encoding = chooseEncoding(req.headers["accept-encoding"], found.encoded);
    const sent = encoding === "identity" ? found : (found.encoded.get(encoding) ?? found);
    res.statusCode = 200;
    res.setHeader("Content-Type", found.type);
    res.setHeader("Content-Length", sent.size);
    if (found.encoded.size > 0) res.setHeader("Vary", "Accept-Encoding");
    if (sent !== found) res.setHeader("Content-Encoding", encoding);
    res.setHeader(
      "Cache-Control",
      found.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    );
    if (req.method === "HEAD") {
      res.end();
      return true;
    }
    // A file can vanish under a running server (a rebuild replaced build/): answer 404 and log,
    // never let the stream's error event take the process down.
    createReadStream(sent.file)
      .on("error", (error) => {
        log.error({ err: error, file: sent.file }, "static file unreadable");
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.removeHeader("Content-Length");
        res.removeHeader("Content-Encoding");
        res.removeHeader("Cache-Control");
        res.statusCode = 404;
        res.end();
      })
      .pipe(res);
    return true;
  };
}
