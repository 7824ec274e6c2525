import { once } from "node:events";
import { createServer, get, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { sendFetchResponse } from "../../server/fetch-adapter";

/**
 * How the adapter writes an app-built body on a real Node response over loopback: the pieces it
 * hands to `res.write` and `res.end` are recorded, and the client checks every byte arrived.
 */
async function send(chunks: Uint8Array[]): Promise<{ writes: number[]; received: Buffer }> {
  const writes: number[] = [];
  const server = createServer((_req, res: ServerResponse) => {
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
    void sendFetchResponse(res, new Response(body, { status: 200 }), "GET");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  try {
    const received = await new Promise<Buffer>((resolve, reject) => {
      get(`http://127.0.0.1:${port}/`, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve(Buffer.concat(parts)));
      }).on("error", reject);
    });
    return { writes, received };
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

  it("ends an empty body without writing anything", async () => {
    const { writes, received } = await send([]);
    expect(writes).toEqual([]);
    expect(received.byteLength).toBe(0);
  });
});
