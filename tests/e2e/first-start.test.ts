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

afterAll(async () => {
  // npm, the shell it starts and the supervisor are one process group: end them all.
  if (child?.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
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
  process.kill(-(child.pid as number), "SIGTERM");
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
