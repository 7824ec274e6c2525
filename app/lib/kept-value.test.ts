import { describe, expect, it } from "vitest";
import { keptValue } from "./kept-value";

describe("keptValue", () => {
  it("loads once per window, shares a running load and tries again after a failure", async () => {
    let loads = 0;
    let fail = false;
    const value = keptValue(1_000, async () => {
      loads += 1;
      if (fail) throw new Error("database down");
      return loads;
    });
    expect(await Promise.all([value(0), value(0)])).toEqual([1, 1]);
    expect(await value(999)).toBe(1);
    fail = true;
    await expect(value(1_000)).rejects.toThrow("database down");
    fail = false;
    expect(await value(1_001)).toBe(3);
    expect(await value(1_500)).toBe(3);
    expect(loads).toBe(3);
  });
});
