import { type ChildProcess, fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../tests/helpers/net";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const HELLO = path.join(HERE, "hello-server.js");
const FLOOR = path.join(HERE, "floor-server.js");

/** A reference server the app is measured beside, in its own Node process like the app. */
export interface Baseline {
  url: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** The plain `http` hello-world server. */
export function startBaseline(): Promise<Baseline> {
  return startReference(HELLO, {});
}

export type FloorMode = "string" | "stream";

/**
 * The React floor (floor-server.js): the page saved in `htmlFile` rendered for every request
 * by React alone, with renderToString or renderToPipeableStream, behind the app's compression.
 */
export function startFloor(mode: FloorMode, htmlFile: string): Promise<Baseline> {
  return startReference(FLOOR, {
    FLOOR_MODE: mode,
    FLOOR_HTML: htmlFile,
    // React's production build, as the app runs it (ADR 0035).
    NODE_ENV: "production",
  });
}

async function startReference(script: string, env: Record<string, string>): Promise<Baseline> {
  const port = await freePort();
  const child = fork(script, [], {
    env: { PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  const errors: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) =>
      reject(new Error(`${path.basename(script)} exited (${code}):\n${errors.join("")}`)),
    );
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
