import { once } from "node:events";
import { createServer, type Server, Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { waitForTurn } from "~/lib/event-loop-turn";

/** Holds the main thread for `ms`, as parsing a form of photos or an embedded query does. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The point is to block.
  }
}

let server: Server | undefined;
let client: Socket | undefined;
afterEach(() => {
  client?.destroy();
  server?.close();
});

/** A connected loopback pair whose server answers every chunk with the same bytes. */
async function echoPair(): Promise<Socket> {
  server = createServer((socket) => socket.on("data", (chunk) => socket.write(chunk)));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  client = new Socket();
  client.connect(address.port, "127.0.0.1");
  await once(client, "connect");
  // One round trip first, so the server's side of the connection is accepted and listening.
  client.write("hello");
  await once(client, "data");
  return client;
}

/** Queues `count` steps of `stepMs` each with `wait`, pings over loopback, and says how many steps ran before the answer came back. */
async function stepsBeforeEcho(
  wait: () => Promise<unknown>,
  count: number,
  stepMs: number,
): Promise<{ beforeEcho: number; order: number[] }> {
  const socket = await echoPair();
  const order: number[] = [];
  const steps = Array.from({ length: count }, (_, index) =>
    wait().then(() => {
      busyFor(stepMs);
      order.push(index);
    }),
  );
  const echoed = once(socket, "data").then(() => order.length);
  socket.write("ping");
  const beforeEcho = await echoed;
  await Promise.all(steps);
  return { beforeEcho, order };
}

describe("waitForTurn", () => {
  it("lets one step go per turn of the event loop, in order of arrival, with the sockets read between two steps", async () => {
    const { beforeEcho, order } = await stepsBeforeEcho(waitForTurn, 6, 15);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    // The ping needs the server to read it and the client to read the answer: two turns.
    expect(beforeEcho).toBeLessThanOrEqual(3);
  });

  it("is what makes the difference: with a bare setImmediate every step of the batch runs before the sockets are read", async () => {
    const immediate = () => new Promise((resolve) => setImmediate(resolve));
    const { beforeEcho } = await stepsBeforeEcho(immediate, 6, 15);
    expect(beforeEcho).toBe(6);
  });

  it("a step that waits again goes behind those already waiting", async () => {
    const order: string[] = [];
    const first = (async () => {
      await waitForTurn();
      order.push("a1");
      await waitForTurn();
      order.push("a2");
    })();
    const second = (async () => {
      await waitForTurn();
      order.push("b1");
    })();
    const third = (async () => {
      await waitForTurn();
      order.push("c1");
    })();
    await Promise.all([first, second, third]);
    expect(order).toEqual(["a1", "b1", "c1", "a2"]);
  });

  it("keeps going when a step throws, and later waiters still get their turn", async () => {
    const failing = waitForTurn().then(() => {
      throw new Error("step failed");
    });
    const after = waitForTurn().then(() => "ran");
    await expect(failing).rejects.toThrow("step failed");
    await expect(after).resolves.toBe("ran");
    await expect(waitForTurn()).resolves.toBeUndefined();
  });
});
