import { describe, expect, it } from "vitest";
import { monthOf, readIsoDate, weekOf } from "./event-dates";

describe("event list date ranges", () => {
  it("takes a week from Monday to Sunday, whatever the day", () => {
    // 2026-11-26 is a Thursday; 2026-11-29 a Sunday; 2026-11-30 a Monday.
    expect(weekOf("2026-11-26")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(weekOf("2026-11-29")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(weekOf("2026-11-30")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(weekOf("2026-12-31")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
  });

  it("takes a month from its first to its last day", () => {
    expect(monthOf("2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(monthOf("2028-02-10")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthOf("2026-12-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("reads only real AAAA-MM-DD days between 1900 and 2999", () => {
    expect(readIsoDate("2026-12-01")).toBe("2026-12-01");
    expect(readIsoDate(" 2028-02-29 ")).toBe("2028-02-29");
    for (const bad of [
      null,
      "",
      "2026-02-30",
      "2027-02-29",
      "0000-01-01",
      "3000-01-01",
      "2026-1-1",
      "01/12/2026",
      "2026-12-01T00:00",
    ]) {
      expect(readIsoDate(bad), String(bad)).toBeNull();
    }
  });
});
