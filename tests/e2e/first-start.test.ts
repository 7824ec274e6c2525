import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { freePort } from "../helpers/net";
import { PROJECT_ROOT } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 39, item 10: what a newcomer sees on a first `npm start` (no build yet, an empty data
 * directory, demo mode): no deprecation warning from Node, npm, Vite or any library, and one line
 * about the build instead of Vite's report of every chunk. The sources are copied to a folder of
 * their own (node_modules linked), so the build there never touches the build/ other tests use.
 */

const SOURCES = [
  "app",
  "server",
  "public",
  "scripts",
  "package.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
];

let folder: string;
let child: ChildProcess | undefined;
let output = "";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "conecta-first-start-"));
  for (const source of SOURCES) {
    await cp(path.join(PROJECT_ROOT, source), path.join(folder, source), { recursive: true });
  }
  await symlink(path.join(PROJECT_ROOT, "node_modules"), path.join(folder, "node_modules"));
});

/** Whether any process of the group led by `pid` (npm, its shell, the supervisor, the server) lives. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ends npm, the shell it starts, the supervisor and the server (one process group) and waits
 * until every one has exited: npm may exit before the server has closed its database and
 * written its last files, which the folder's removal would then race.
 */
async function stopGroup(pid: number): Promise<void> {
  if (groupAlive(pid)) process.kill(-pid, "SIGTERM");
  await waitFor(() => !groupAlive(pid), {
    timeoutMs: 60_000,
    intervalMs: 100,
    message: "npm start's processes to exit",
  });
}

afterAll(async () => {
  if (child?.pid) await stopGroup(child.pid);
  await rm(folder, { recursive: true, force: true });
});

it("builds with one summary line, starts the demo and prints no deprecation warning", {
  timeout: 600_000,
}, async () => {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  child = spawn("npm", ["start"], {
    cwd: folder,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      PORT: String(port),
      // Vitest puts Vite's BASE_URL ("/") in the environment; the server reads its own.
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(folder, "data"),
      npm_config_update_notifier: "false",
    },
  });
  const exited = new Promise((resolve) => child?.once("exit", resolve));
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const serving = waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok,
    { timeoutMs: 540_000, intervalMs: 500, message: "the first start to serve" },
  );
  const ended = exited.then(() => {
    throw new Error("npm start ended before serving");
  });
  await Promise.race([serving, ended]).catch((error: Error) => {
    throw new Error(`${error.message}\n--- npm start printed ---\n${output}`);
  });
  await stopGroup(child.pid as number);
  await exited;

  expect(output).toMatch(
    /^Build finished in \d+\.\d s: \d+\.\d MB for browsers, \d+\.\d MB for the server\.$/m,
  );
  expect(output).toContain("Demo data created");
  expect(output).toContain("ready on http://localhost:");
  expect(output, "a deprecation warning").not.toMatch(/deprecat/i);
  expect(output, "React Router's future-flag warnings").not.toContain("Future Flag Warning");
  expect(output, "Rolldown's plugin timings").not.toContain("PLUGIN_TIMINGS");
  // Vite's report: a line per chunk with its size and gzipped size, and its "built in" lines.
  expect(output, "Vite's chunk report").not.toMatch(/│ gzip:|build\/client\/assets\/|✓ built in/);
});
