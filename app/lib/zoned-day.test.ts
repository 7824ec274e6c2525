import { describe, expect, it } from "vitest";
import { isoDay, nextIsoDay, zonedDayStart, zonedWallClock } from "./zoned-day";

describe("zonedDayStart", () => {
  it("starts a day in São Paulo three hours after UTC's midnight", () => {
    expect(zonedDayStart("2026-11-26", "America/Sao_Paulo").toISOString()).toBe(
      "2026-11-26T03:00:00.000Z",
    );
  });

  it("follows summer time where the zone had it (Brazil until 2019)", () => {
    // 2018-11-04: clocks went from 00:00 to 01:00, so the day began at 01:00 -02:00.
    expect(zonedDayStart("2018-12-10", "America/Sao_Paulo").toISOString()).toBe(
      "2018-12-10T02:00:00.000Z",
    );
    expect(zonedDayStart("2026-07-01", "Europe/Lisbon").toISOString()).toBe(
      "2026-06-30T23:00:00.000Z",
    );
  });

  it("is UTC's midnight in UTC", () => {
    expect(zonedDayStart("2024-02-29", "UTC").toISOString()).toBe("2024-02-29T00:00:00.000Z");
  });
});

describe("nextIsoDay", () => {
  it("crosses months and years", () => {
    expect(nextIsoDay("2024-02-28")).toBe("2024-02-29");
    expect(nextIsoDay("2026-12-31")).toBe("2027-01-01");
  });
});

describe("isoDay", () => {
  it("accepts real days only", () => {
    expect(isoDay("2024-02-29")).toBe("2024-02-29");
    expect(isoDay("2026-02-29")).toBeNull();
    expect(isoDay("2026-2-1")).toBeNull();
    expect(isoDay("1899-12-31")).toBeNull();
  });
});

describe("zonedWallClock", () => {
  it("reads a Brasília wall-clock time as the instant it is", () => {
    expect(zonedWallClock("2026-12-01", "14:30", "America/Sao_Paulo").toISOString()).toBe(
      "2026-12-01T17:30:00.000Z",
    );
    expect(zonedWallClock("2026-12-01", "23:00:00", "America/Sao_Paulo").toISOString()).toBe(
      "2026-12-02T02:00:00.000Z",
    );
  });
});
