import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../tests/helpers/net";

const HELLO = path.join(path.dirname(fileURLToPath(import.meta.url)), "hello-server.js");

export interface Baseline {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The plain `http` hello-world server, in its own Node process like the app. */
export async function startBaseline(): Promise<Baseline> {
  const port = await freePort();
  const child = fork(HELLO, [], { env: { PORT: String(port) }, stdio: "ignore" });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`baseline server exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    process: child,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
