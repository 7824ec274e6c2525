import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_MALLOC_ENV } from "../../server/malloc-env.js";
import { startFixtureServer } from "../helpers/fixture-server";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * Issue 11, item 2: what replaces `npm start`'s supervisor in production, as the README
 * documents it. The systemd unit is checked by systemd itself (`systemd-analyze verify`, when the
 * machine has it) and says what matters (restart always, SIGTERM to stop, a private umask); the
 * container HEALTHCHECK command tells a serving server from a stopped one.
 */

const UNIT = path.join(PROJECT_ROOT, "deploy/conecta-voluntario.service");
const HEALTHCHECK = path.join(PROJECT_ROOT, "scripts/healthcheck.js");

const healthcheck = (port: number) =>
  spawnSync(process.execPath, [HEALTHCHECK], { env: { ...process.env, PORT: String(port) } })
    .status;

describe("production supervision (issue 11)", () => {
  it("the systemd unit restarts the server always and stops it with SIGTERM", () => {
    const unit = readFileSync(UNIT, "utf8");
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node server\/main\.js$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^UMask=0077$/m);
    // The allocator's settings, as `npm start` gives them (ADR 0064).
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV))
      expect(unit.split("\n")).toContain(`Environment=${name}=${value}`);
    const analyze = spawnSync("systemd-analyze", ["verify", UNIT]);
    if (analyze.error) return; // No systemd on this machine: the unit's text is all we can check.
    const complaints = analyze.stderr
      .toString()
      .split("\n")
      // Node may live elsewhere on this machine than on the production host.
      .filter((line) => line.trim() && !/\/usr\/bin\/node is not executable/.test(line));
    expect(complaints).toEqual([]);
  });

  it("the HEALTHCHECK command passes while the server serves and fails once it is gone", async () => {
    const server = await startFixtureServer({ accounts: { volunteer: { kind: "volunteer" } } });
    try {
      expect(healthcheck(server.port)).toBe(0);
    } finally {
      await server.stop();
    }
    expect(healthcheck(server.port)).toBe(1);
  }, 60_000);
});
