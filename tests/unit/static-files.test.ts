import { once } from "node:events";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD } from "../../app/lib/encoded-body.server";
import { precompressDirectory } from "../../scripts/vite/precompress-client";
import { createStaticHandler } from "../../server/static-files";

/**
 * The browser's files compressed at build time (ADR 0062) and sent as they are: a built folder
 * in a temporary directory, the build step run on it, and the static handler behind the
 * compression middleware on loopback, as server/app.ts runs them.
 */
const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const item${i} = "Instituição ${i}";`).join("\n"),
);
const small = Buffer.from("User-agent: *\nAllow: /\n");
const picture = Buffer.alloc(4_000, 7);

let root: string;
let baseUrl: string;
let close: () => void;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "cv-static-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "assets", "app-abc123.js"), script);
  writeFileSync(path.join(root, "robots.txt"), small);
  writeFileSync(path.join(root, "og-image.png"), picture);
  await precompressDirectory(root);
  const serveStatic = createStaticHandler(root);
  const compress = compression({ threshold: COMPRESSION_THRESHOLD });
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
    compress(req as never, res as never, () => {
      if (serveStatic(req, res, pathname)) return;
      res.statusCode = 404;
      res.end("não encontrado");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  rmSync(root, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request (fetch would decode the body and hide what went over the wire). */
function send(pathname: string, acceptEncoding?: string, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(
      `${baseUrl}${pathname}`,
      { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} },
      (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(parts),
          }),
        );
      },
    )
      .on("error", reject)
      .end();
  });
}

describe("files compressed at build time", () => {
  it("writes brotli and gzip copies of text worth compressing, and only of it", () => {
    expect(readdirSync(path.join(root, "assets")).sort()).toEqual([
      "app-abc123.js",
      "app-abc123.js.br",
      "app-abc123.js.gz",
    ]);
    // Too small to gain, and a picture: left alone.
    expect(readdirSync(root).filter((name) => /\.(br|gz)$/.test(name))).toEqual([]);
  });

  it("sends the brotli copy as it is, with its length, to a browser that accepts it", async () => {
    const answer = await send("/assets/app-abc123.js", "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(answer.body).equals(script)).toBe(true);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const answer = await send("/assets/app-abc123.js", "gzip, br;q=0");
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    expect(gunzipSync(answer.body).equals(script)).toBe(true);
  });

  it("sends the file itself to a client that asks for no encoding, still varying on it", async () => {
    const answer = await send("/assets/app-abc123.js");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(Number(answer.headers["content-length"])).toBe(script.length);
    expect(answer.body.equals(script)).toBe(true);
  });

  it("answers HEAD with the headers of what GET would send, and no body", async () => {
    const get = await send("/assets/app-abc123.js", "br");
    const head = await send("/assets/app-abc123.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.body.length).toBe(0);
  });

  it("sends small files and pictures as they are, with their length", async () => {
    for (const [pathname, bytes] of [
      ["/robots.txt", small],
      ["/og-image.png", picture],
    ] as const) {
      const answer = await send(pathname, "br, gzip");
      expect(answer.headers["content-encoding"], pathname).toBeUndefined();
      expect(Number(answer.headers["content-length"]), pathname).toBe(bytes.length);
      expect(answer.body.equals(bytes), pathname).toBe(true);
    }
  });

  it("does not serve the compressed copies under their own names", async () => {
    expect((await send("/assets/app-abc123.js.br")).status).toBe(404);
    expect((await send("/assets/app-abc123.js.gz")).status).toBe(404);
  });
});
