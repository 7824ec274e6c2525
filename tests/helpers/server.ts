import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migratedDataDir } from "./data-dir";
import { freePort } from "./net";
import { withTimeout } from "./wait";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRIES = {
  /** The server process itself, as systemd or a container runs it. */
  server: path.join(PROJECT_ROOT, "server/main.js"),
  /** `npm start`: the server under its supervisor (server/supervise.js). */
  supervisor: path.join(PROJECT_ROOT, "server/supervise.js"),
};
const BUILD_MARKER = path.join(PROJECT_ROOT, "build/server/index.js");

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningServer {
  /** http://127.0.0.1:<port>, also the server's BASE_URL. */
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Settles when the process exits, however it ends. */
  exited: Promise<ServerExit>;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  logs: () => string;
  /** The JSON log lines printed so far (LOG_FORMAT=json, the default for test servers). */
  logEntries: () => LogEntry[];
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s); removes a DATA_DIR it created. */
  stop: () => Promise<ServerExit>;
  /**
   * Set by startServer: ms from the spawn to the first /readyz 200, a measure of how fast this
   * machine starts a server right now (a baseline for tests that time a restart, ADR 0073).
   */
  readyInMs?: number;
}

/** One line of the server's structured log (app/lib/log.server.ts). */
export interface LogEntry {
  level: string;
  msg: string;
  [field: string]: unknown;
}

/** The JSON lines among a process's output (other lines, e.g. the demo banner, are skipped). */
export function parseLogEntries(output: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      entries.push(JSON.parse(line) as LogEntry);
    } catch {
      // A line cut by the pipe's chunking: the rest arrives with the next chunk.
    }
  }
  return entries;
}

export interface ServerOptions {
  /** Extra variables; `undefined` removes one. DATA_DIR, PORT and BASE_URL are set here. */
  env?: Record<string, string | undefined>;
  /**
   * Reuse an existing DATA_DIR (not removed on stop); default: a fresh copy of the migrated
   * template (tests/helpers/data-dir.ts: an existing, migrated but empty database, on which a
   * development server still writes its demo data), removed on stop.
   */
  dataDir?: string;
  /** Flags for node itself, before the entry (the benchmark's --cpu-prof). */
  nodeArgs?: string[];
  /** Which process to start: the server (default) or the supervisor around it. */
  entry?: keyof typeof ENTRIES;
  /** The port to listen on (a replacement on its predecessor's port); default: a free one. */
  port?: number;
}

/**
 * Spawns the production build (`node server/main.js`, or `npm start`'s supervisor), on a free port and
 * a fresh DATA_DIR (see ServerOptions.dataDir; a test of a first start passes an empty one). NODE_ENV and DATABASE_URL are not inherited from the test runner (Vitest sets
 * NODE_ENV=test): pass them in `env` to choose production mode or PostgreSQL.
 */
export async function spawnServer(options: ServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(BUILD_MARKER)) {
    throw new Error("build/ is missing: run `npm run build` (npm run test:e2e does it)");
  }
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await migratedDataDir());

  const env: Record<string, string | undefined> = { ...process.env };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  Object.assign(
    env,
    // Scheduled backups only where a test asks for them (ADR 0076).
    {
      PORT: String(port),
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_FORMAT: "json",
      BACKUP_INTERVAL: "off",
    },
    options.env,
  );
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];

  const entry = ENTRIES[options.entry ?? "server"];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    cwd: PROJECT_ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<ServerExit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let exitedYet = false;
  void exited.then(() => {
    exitedYet = true;
  });

  const stop = async (): Promise<ServerExit> => {
    if (!exitedYet) child.kill("SIGTERM");
    const result = await withTimeout(exited, 15_000, "server shutdown").catch(async () => {
      child.kill("SIGKILL");
      return exited;
    });
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    return result;
  };

  const logs = () => output.join("");
  return {
    url,
    port,
    dataDir,
    process: child,
    exited,
    logs,
    logEntries: () => parseLogEntries(logs()),
    stop,
  };
}

const READY_WITHIN_MS = 240_000;

/** spawnServer(), then waits until /readyz answers 200 (fails with the logs if it exits). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const spawnedAt = performance.now();
  const server = await spawnServer(options);
  let exit: ServerExit | undefined;
  void server.exited.then((result) => {
    exit = result;
  });
  // Only catches a server that never gets ready: a start took 43 s on a machine with ten times
  // more work than cores (ADR 0073).
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    let problem: string | undefined;
    if (exit)
      problem = `server exited before it was ready (code ${exit.code}, signal ${exit.signal})`;
    else if (Date.now() > deadline)
      problem = `${server.url}/readyz did not answer 200 within ${READY_WITHIN_MS / 1000} s`;
    if (problem) {
      await server.stop();
      throw new Error(`${problem}\n--- server output ---\n${server.logs()}`);
    }
    const status = await fetch(`${server.url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { ...server, readyInMs: performance.now() - spawnedAt };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
