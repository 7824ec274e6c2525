import net from "node:net";

/** A TCP port that was free a moment ago: the OS picks it (listen on 0), then it is released. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Tries one TCP connection: "open" when accepted, "refused" when nobody listens. */
export function probeConnection(port: number, host = "127.0.0.1"): Promise<"open" | "refused"> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve("open");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") resolve("refused");
      else reject(error);
    });
  });
}
