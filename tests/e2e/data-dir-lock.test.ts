import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, spawnServer, startServer } from "../helpers/server";
import { withTimeout } from "../helpers/wait";

/**
 * PGlite has no inter-process lock and two processes on one DATA_DIR would corrupt it: the
 * second server must refuse to start, clearly, and leave the first one serving.
 */
// Production mode skips the demo data a first start would write: faster, and beside the point.
const env = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };

describe("a second server on the same DATA_DIR", () => {
  let dataDir: string;
  let first: RunningServer;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "conecta-lock-"));
    first = await startServer({ dataDir, env });
  });

  afterAll(async () => {
    await first?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("exits non-zero with a clear message while the first keeps serving", async () => {
    const second = await spawnServer({ dataDir, env });
    const exit = await withTimeout(second.exited, 30_000, "second server start");
    expect(exit.code, second.logs()).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(second.logs()).toContain("in use by another process");
    expect(second.logs()).toContain(dataDir);
    // A message, not a crash dump.
    expect(second.logs()).not.toMatch(/\n\s+at /);

    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${first.url}/readyz`);
    expect(ready.status).toBe(200);
    expect((await fetch(`${first.url}/`)).status).toBe(200);
  });

  it("releases the lock on a clean shutdown, so the next server starts", async () => {
    const exit = await first.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    const next = await startServer({ dataDir, env });
    try {
      expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    } finally {
      await next.stop();
    }
  });
});
