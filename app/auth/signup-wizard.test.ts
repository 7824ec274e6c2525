import { describe, expect, it } from "vitest";
import { lastStep, stepAsking, totalSteps, wizardMove } from "./signup-wizard";

const volunteer = (step: number) => ({ step, profileType: "VOLUNTEER" });
const institution = (step: number) => ({ step, profileType: "INSTITUTION" });

describe("sign-up wizard steps", () => {
  it("creates the volunteer's account on step 3 and the institution's on step 4", () => {
    expect(lastStep("VOLUNTEER")).toBe(3);
    expect(lastStep("INSTITUTION")).toBe(4);
    expect(totalSteps("VOLUNTEER")).toBe(4);
    expect(totalSteps("INSTITUTION")).toBe(5);
  });

  it("walks a volunteer through profile type, credentials, then the account", () => {
    const next = (draft: ReturnType<typeof volunteer> | null, step: number) =>
      wizardMove({ draft, postedStep: step, intent: "next" });
    expect(next(null, 1)).toEqual({ kind: "choose-profile", to: 2 });
    expect(next(volunteer(2), 2)).toEqual({ kind: "credentials", to: 3 });
    expect(next(volunteer(3), 3)).toEqual({ kind: "create", profileType: "VOLUNTEER" });
  });

  it("walks an institution through its details before the account", () => {
    const next = (step: number) =>
      wizardMove({ draft: institution(step), postedStep: step, intent: "next" });
    expect(next(1)).toEqual({ kind: "choose-profile", to: 2 });
    expect(next(2)).toEqual({ kind: "credentials", to: 3 });
    expect(next(3)).toEqual({ kind: "institution-details", to: 4 });
    expect(next(4)).toEqual({ kind: "create", profileType: "INSTITUTION" });
  });

  it("goes back one step, never before the first", () => {
    expect(wizardMove({ draft: institution(4), postedStep: 4, intent: "back" })).toEqual({
      kind: "back",
      to: 3,
    });
    expect(wizardMove({ draft: volunteer(1), postedStep: 1, intent: "back" })).toEqual({
      kind: "back",
      to: 1,
    });
    expect(wizardMove({ draft: null, postedStep: 1, intent: "back" })).toEqual({
      kind: "back",
      to: 1,
    });
  });

  it("only shows the wizard again for a post from another step (a stale tab)", () => {
    expect(wizardMove({ draft: volunteer(3), postedStep: 2, intent: "next" })).toEqual({
      kind: "show",
    });
    expect(wizardMove({ draft: null, postedStep: 2, intent: "next" })).toEqual({ kind: "show" });
    expect(wizardMove({ draft: volunteer(2), postedStep: Number.NaN, intent: "back" })).toEqual({
      kind: "show",
    });
  });

  it("starts again from step 1 on a step the profile does not have", () => {
    expect(wizardMove({ draft: volunteer(4), postedStep: 4, intent: "next" })).toEqual({
      kind: "restart",
    });
  });

  it("sends a taken e-mail back to the credentials and a taken CNPJ to the details", () => {
    expect(stepAsking("email")).toBe(2);
    expect(stepAsking("cnpj")).toBe(3);
  });
});
