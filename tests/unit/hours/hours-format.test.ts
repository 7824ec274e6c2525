import { describe, expect, it } from "vitest";
import {
  formatMinutes,
  formatMonth,
  minutesAsInput,
  minutesBetween,
  parseHours,
  recentMonths,
} from "~/hours/hours-format";
import { eventHoursFormSchema } from "~/hours/hours-schema";

describe("formatMinutes", () => {
  it("writes whole hours, hours and minutes, and minutes alone", () => {
    expect(formatMinutes(240)).toBe("4 h");
    expect(formatMinutes(150)).toBe("2 h 30 min");
    expect(formatMinutes(45)).toBe("45 min");
    expect(formatMinutes(0)).toBe("0 h");
    expect(formatMinutes(750)).toBe("12 h 30 min");
    expect(formatMinutes(60_000)).toBe("1.000 h");
  });
});

describe("parseHours", () => {
  it.each([
    ["4", 240],
    ["2,5", 150],
    ["2.5", 150],
    ["2h30", 150],
    ["2 h 30 min", 150],
    ["2h", 120],
    ["3 horas", 180],
    ["45min", 45],
    ["90 minutos", 90],
    ["1:30", 90],
    ["0,25", 15],
    [" 8 ", 480],
  ])("reads %s as %i minutes", (text, minutes) => {
    expect(parseHours(text)).toBe(minutes);
  });

  it.each(["", "abc", "2h75", "-3", "1e3", "2,5,5", "h", "12345", "30"])(
    "refuses %s unless it is a duration",
    (text) => {
      // "30" alone is 30 hours, a number: only the range check refuses it.
      if (text === "30") expect(parseHours(text)).toBe(1800);
      else expect(parseHours(text)).toBeNull();
    },
  );
});

describe("minutesAsInput", () => {
  it("gives back what parseHours reads as the same minutes", () => {
    for (const minutes of [240, 150, 80, 45, 15, 0]) {
      expect(parseHours(minutesAsInput(minutes))).toBe(minutes);
    }
    expect(minutesAsInput(150)).toBe("2,5");
    expect(minutesAsInput(80)).toBe("1h20");
  });
});

describe("formatMonth and minutesBetween", () => {
  it("names the month in pt-BR", () => {
    expect(formatMonth("2026-03-01")).toBe("março de 2026");
    expect(formatMonth("2026-11")).toBe("novembro de 2026");
  });

  it("measures an event's time span, none for a whole day", () => {
    expect(minutesBetween("09:00:00", "13:00:00")).toBe(240);
    expect(minutesBetween("09:15", "11:45")).toBe(150);
    expect(minutesBetween(null, null)).toBeNull();
  });
});

describe("recentMonths", () => {
  it("lists this month and the ones before it, across a new year", () => {
    expect(recentMonths("2026-02", 3)).toEqual([
      { value: "2026-02", label: "fevereiro de 2026" },
      { value: "2026-01", label: "janeiro de 2026" },
      { value: "2025-12", label: "dezembro de 2025" },
    ]);
    expect(recentMonths("2026-11")).toHaveLength(24);
  });
});

describe("eventHoursFormSchema", () => {
  const ana = "11111111-1111-4111-8111-111111111111";
  const bia = "22222222-2222-4222-8222-222222222222";

  it("reads present people with their hours, the absent, and fills blanks from allHours", () => {
    const parsed = eventHoursFormSchema.safeParse({
      person: [ana, bia],
      allHours: "2h30",
      [`present-${ana}`]: "on",
    });
    expect(parsed.data).toEqual([
      { userId: ana, present: true, minutes: 150 },
      { userId: bia, present: false },
    ]);
  });

  it("names the failing person's field, with the rule broken", () => {
    const parsed = eventHoursFormSchema.safeParse({
      person: ana,
      [`present-${ana}`]: "on",
      [`hours-${ana}`]: "30",
    });
    expect(parsed.error?.issues[0]).toMatchObject({
      path: [`hours-${ana}`],
      message: "Um evento conta no máximo 24 horas por pessoa.",
    });
  });
});
