import { once } from "node:events";
import { createServer, get, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compression from "compression";
import { describe, expect, it } from "vitest";
import { COMPRESSION_THRESHOLD } from "../../app/lib/encoded-body.server";
import { wholeBodyResponse } from "../../app/lib/whole-body.server";
import { sendFetchResponse } from "../../server/fetch-adapter";

interface Sent {
  writes: number[];
  received: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * How the adapter writes an app-built body on a real Node response over loopback, inside the
 * compression middleware as server/app.ts runs it: the pieces handed to `res.write` and
 * `res.end` are recorded, and the client checks every byte arrived.
 * `response` makes the Fetch Response from a stream of `chunks`; `acceptEncoding` is what the
 * client asks for (none by default).
 */
async function send(
  chunks: Uint8Array[],
  {
    acceptEncoding,
    response = (body) => new Response(body, { status: 200 }),
  }: {
    acceptEncoding?: string;
    response?: (body: ReadableStream<Uint8Array>) => Response;
  } = {},
): Promise<Sent> {
  const writes: number[] = [];
  const compress = compression({ threshold: COMPRESSION_THRESHOLD });
  const server = createServer((req, res: ServerResponse) => {
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: Uint8Array, ...rest: never[]) => {
      writes.push(chunk.byteLength);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: Uint8Array, ...rest: never[]) => {
      if (chunk) writes.push(chunk.byteLength);
      return end(chunk, ...rest);
    }) as typeof res.end;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    compress(req as never, res as never, () => void sendFetchResponse(req, res, response(body)));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<Sent>((resolve, reject) => {
      get(
        `http://127.0.0.1:${port}/`,
        { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} },
        (response) => {
          const parts: Buffer[] = [];
          response.on("data", (part: Buffer) => parts.push(part));
          response.on("end", () =>
            resolve({ writes, received: Buffer.concat(parts), headers: response.headers }),
          );
        },
      ).on("error", reject);
    });
  } finally {
    server.close();
  }
}

const piece = (size: number, fill: number) => new Uint8Array(size).fill(fill);

describe("sendFetchResponse", () => {
  it("writes a page rendered in many pieces in one (one compression step, issue 17)", async () => {
    const chunks = Array.from({ length: 25 }, (_, index) => piece(3_000, index));
    const { writes, received } = await send(chunks);
    expect(writes).toEqual([75_000]);
    expect(received.equals(Buffer.concat(chunks))).toBe(true);
  });

  it("streams a body over a megabyte, every byte in order", async () => {
    const chunks = Array.from({ length: 6 }, (_, index) => piece(300_000, index + 1));
    const { writes, received } = await send(chunks);
    // The first megabyte in one piece, then each further chunk as it comes.
    expect(writes).toEqual([1_200_000, 300_000, 300_000]);
    expect(received.equals(Buffer.concat(chunks))).toBe(true);
  });

  it("compresses a whole page in one pass, in the encoding asked for, with its length", async () => {
    const page = Buffer.from("<article>Instituição de teste</article>".repeat(2_000));
    const html = (body: ReadableStream<Uint8Array>) =>
      new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    const chunks = [page.subarray(0, 30_000), page.subarray(30_000)];
    for (const [asked, encoding, decode] of [
      ["gzip, deflate, br", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const) {
      const { writes, received, headers } = await send(chunks, {
        acceptEncoding: asked,
        response: html,
      });
      expect(headers["content-encoding"]).toBe(encoding);
      expect(headers.vary).toBe("Accept-Encoding");
      expect(Number(headers["content-length"])).toBe(received.length);
      expect(writes).toEqual([received.length]);
      expect(decode(received).equals(page)).toBe(true);
    }
    const plain = await send(chunks, { response: html });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.received.equals(page)).toBe(true);
  });

  it("keeps every Set-Cookie of a compressed answer", async () => {
    const { headers } = await send([Buffer.from("{}".padEnd(4_000, " "))], {
      acceptEncoding: "br",
      response: (body) => {
        const headers = new Headers({ "Content-Type": "application/json" });
        headers.append("Set-Cookie", "a=1; Path=/");
        headers.append("Set-Cookie", "b=2; Path=/");
        return new Response(body, { headers });
      },
    });
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it.each([
    ["a small page", "text/html", 500, undefined],
    ["a small JSON answer", "application/json", 300, undefined],
    ["a picture", "image/webp", 4_000, undefined],
    ["a body marked no-transform", "text/html", 4_000, "no-transform"],
  ])("leaves %s as it is", async (_case, type, size, cacheControl) => {
    const bytes = Buffer.alloc(size, 65);
    const { received, headers } = await send([bytes], {
      acceptEncoding: "br, gzip",
      response: (body) =>
        new Response(body, {
          headers: {
            "Content-Type": type,
            ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
          },
        }),
    });
    expect(headers["content-encoding"]).toBeUndefined();
    expect(Number(headers["content-length"])).toBe(size);
    expect(received.equals(bytes)).toBe(true);
  });

  it("answers a plain 500 when a header holds a character Node refuses", async () => {
    const { received, headers } = await send([Buffer.from("<p>ok</p>")], {
      response: (body) =>
        new Response(body, { headers: { "Content-Type": "text/html", "X-Bad": "a\u0001b" } }),
    });
    expect(headers["x-bad"]).toBeUndefined();
    expect(received.toString()).toContain("Ocorreu um erro inesperado");
  });

  it("writes a page the app built whole from its bytes, without reading its stream", async () => {
    const page = Buffer.from("<article>Instituição de teste</article>".repeat(2_000));
    const headers = { "Content-Type": "text/html; charset=utf-8" };
    const built: Response[] = [];
    const whole = () => {
      const response = wholeBodyResponse(Buffer.from(page), { headers });
      built.push(response);
      return response;
    };
    const plain = await send([], { response: whole });
    expect(plain.writes).toEqual([page.length]);
    expect(Number(plain.headers["content-length"])).toBe(page.length);
    expect(plain.received.equals(page)).toBe(true);
    const compressed = await send([], { acceptEncoding: "br", response: whole });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(compressed.received).equals(page)).toBe(true);
    expect(built.map((response) => response.bodyUsed)).toEqual([false, false]);
    // Wrapped in a new Response (as a middleware may do), the same bytes come from its stream.
    const wrapped = await send([], {
      response: () => {
        const response = whole();
        return new Response(response.body, response);
      },
    });
    expect(wrapped.received.equals(page)).toBe(true);
    expect(built[2]?.bodyUsed).toBe(true);
  });

  it("ends an empty body without writing anything", async () => {
    const { writes, received } = await send([]);
    expect(writes).toEqual([]);
    expect(received.byteLength).toBe(0);
  });
});
