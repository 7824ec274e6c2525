import { describe, expect, it } from "vitest";
import { ageOn, isMinor, todayInBrasilia } from "~/guardians/age";
import { AGE_MESSAGES, ageFieldsSchema, ageFieldsToStore } from "~/guardians/age-rules";

/** The age rules of ADR 0050: 16 and 17 with a guardian, under 16 refused, strict dates. */

const TODAY = "2026-11-27";
const parse = (values: Record<string, string>, required = true) =>
  ageFieldsSchema({ required, today: TODAY }).safeParse(values);
const messages = (values: Record<string, string>, required = true) => {
  const result = parse(values, required);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("age rules", () => {
  it("counts days on Brasília's calendar (UTC−3), not UTC's", () => {
    expect(todayInBrasilia(new Date("2026-11-28T02:59:59Z"))).toBe("2026-11-27");
    expect(todayInBrasilia(new Date("2026-11-28T03:00:00Z"))).toBe("2026-11-28");
    // The same day the time-zone database gives, in January and in July.
    for (const instant of ["2026-01-15T02:30:00Z", "2026-07-15T12:00:00Z"]) {
      const zoned = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" });
      expect(todayInBrasilia(new Date(instant))).toBe(zoned.format(new Date(instant)));
    }
  });

  it("counts whole years on the calendar, birthdays included", () => {
    expect(ageOn("2010-11-27", TODAY)).toBe(16);
    expect(ageOn("2010-11-28", TODAY)).toBe(15);
    expect(ageOn("2008-11-27", TODAY)).toBe(18);
    expect(isMinor("2008-11-28", TODAY)).toBe(true);
    expect(isMinor(null, TODAY)).toBe(false);
  });

  it("requires the date on sign-up and accepts its absence where optional", () => {
    expect(messages({})).toEqual([AGE_MESSAGES.birthDateRequired]);
    expect(messages({}, false)).toEqual([]);
  });

  it("refuses dates that are not real, in the future, too old or under 16", () => {
    expect(messages({ birthDate: "31/02/2000" })).toEqual([AGE_MESSAGES.birthDateInvalid]);
    expect(messages({ birthDate: "2000-01-01" })).toEqual([AGE_MESSAGES.birthDateInvalid]);
    expect(messages({ birthDate: "28/11/2026" })).toEqual([AGE_MESSAGES.birthDateFuture]);
    expect(messages({ birthDate: "01/01/1900" })).toEqual([AGE_MESSAGES.birthDateTooOld]);
    expect(messages({ birthDate: "28/11/2010" })).toEqual([AGE_MESSAGES.tooYoung]);
  });

  it("asks a 16-year-old for a guardian's name and e-mail, and an adult for nothing", () => {
    expect(messages({ birthDate: "27/11/2010" })).toEqual([
      AGE_MESSAGES.guardianName,
      AGE_MESSAGES.guardianEmail,
    ]);
    expect(
      messages({ birthDate: "27/11/2010", guardianName: "Marta", guardianEmail: "x@" }),
    ).toEqual([AGE_MESSAGES.guardianEmailInvalid]);
    expect(
      messages({ birthDate: "27/11/2010", guardianName: "Marta Souza", guardianEmail: "m@x.org" }),
    ).toEqual([]);
    expect(messages({ birthDate: "27/11/2008" })).toEqual([]);
  });

  it("keeps guardian data only for a minor", () => {
    const guardian = { guardianName: "Marta Souza", guardianEmail: "m@x.org" };
    expect(ageFieldsToStore({ birthDate: "27/11/2010", ...guardian }, TODAY)).toEqual({
      birthDate: "2010-11-27",
      guardianName: "Marta Souza",
      guardianEmail: "m@x.org",
    });
    expect(ageFieldsToStore({ birthDate: "27/11/2000", ...guardian }, TODAY)).toEqual({
      birthDate: "2000-11-27",
      guardianName: null,
      guardianEmail: null,
    });
  });
});
