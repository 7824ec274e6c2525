import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from "../../server/heap-growth.js";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * How much V8's old generation may grow between full collections is fixed by the server
 * (docs/decisions/0064), unless the operator's command line says otherwise.
 */
describe("the server's heap growth", () => {
  it("leaves an operator's own setting alone, in either spelling", () => {
    expect(boundHeapGrowth(["--heap-growing-percent=100"])).toBeNull();
    expect(boundHeapGrowth(["--heap_growing_percent=0"])).toBeNull();
    expect(boundHeapGrowth(["--heap-growing-percent", "50"])).toBeNull();
  });

  it("bounds the growth when the command line does not", () => {
    expect(boundHeapGrowth(["--enable-source-maps"])).toBe(
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    );
  });

  // The flag is set after V8 has started; this shows that V8 still applies it. Garbage collection
  // on the main thread only, so that both runs collect at the same points (about 80 against 160
  // MB of old generation at the highest, measured). What is compared is bytes, not time: the two
  // runs are about 4 s of CPU each, in parallel, so the test's own timeout is what a busy machine
  // could hit; it is generous (ADR 0073).
  it("keeps the old generation within the bound in a process that allocates fast", {
    timeout: 180_000,
  }, async () => {
    const script = `
      import v8 from "node:v8";
      import { boundHeapGrowth } from "./server/heap-growth.js";
      if (process.argv[1] === "bound") boundHeapGrowth([]);
      const kept = Array.from({ length: 200_000 }, (_, i) => ({ i, s: "k" + i }));
      let highest = 0;
      let churn = [];
      for (let round = 0; round < 400; round += 1) {
        churn.push(Array.from({ length: 20_000 }, (_, i) => ({ i, s: "c" + i })));
        if (churn.length > 8) churn = churn.slice(-8);
        const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === "old_space");
        highest = Math.max(highest, old.space_used_size);
      }
      console.log(JSON.stringify({ highest, kept: kept.length }));
    `;
    const run = async (mode: string) => {
      const child = await promisify(execFile)(
        process.execPath,
        ["--single-threaded-gc", "--input-type=module", "-e", script, mode],
        { cwd: root, encoding: "utf8" },
      );
      expect(child.stderr).toBe("");
      return JSON.parse(child.stdout).highest as number;
    };
    const [bounded, unbounded] = await Promise.all([run("bound"), run("default")]);
    expect(bounded).toBeLessThan(unbounded * 0.8);
  });
});
