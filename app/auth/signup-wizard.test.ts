import { describe, expect, it } from "vitest";
import {
  lastStep,
  reachedStep,
  stepAsking,
  stepPath,
  stepToShow,
  totalSteps,
  wizardMove,
} from "./signup-wizard";

const volunteer = (step: number) => ({ step, profileType: "VOLUNTEER" });
const institution = (step: number) => ({ step, profileType: "INSTITUTION" });

describe("sign-up wizard steps", () => {
  it("creates the volunteer's account on step 3 and the institution's on step 4", () => {
    expect(lastStep("VOLUNTEER")).toBe(3);
    expect(lastStep("INSTITUTION")).toBe(4);
    // The counter counts the forms a person fills in: "Etapa 3 de 3" is a volunteer's last.
    expect(totalSteps("VOLUNTEER")).toBe(3);
    expect(totalSteps("INSTITUTION")).toBe(4);
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

  it("acts on any step reached so far: the person went back and sends it again", () => {
    expect(wizardMove({ draft: volunteer(3), postedStep: 2, intent: "next" })).toEqual({
      kind: "credentials",
      to: 3,
    });
    expect(wizardMove({ draft: institution(4), postedStep: 1, intent: "next" })).toEqual({
      kind: "choose-profile",
      to: 2,
    });
    expect(wizardMove({ draft: institution(4), postedStep: 2, intent: "back" })).toEqual({
      kind: "back",
      to: 1,
    });
  });

  it("only shows the wizard again for a post from a step not reached yet (a stale or forged page)", () => {
    expect(wizardMove({ draft: volunteer(2), postedStep: 3, intent: "next" })).toEqual({
      kind: "show",
    });
    expect(wizardMove({ draft: volunteer(2), postedStep: 0, intent: "next" })).toEqual({
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

  it("gives each step its own address, showing only steps reached", () => {
    expect(stepPath(2)).toBe("/auth/cadastro?etapa=2");
    expect(stepToShow(null, null)).toEqual({ show: 1 });
    expect(stepToShow(volunteer(3), null)).toEqual({ show: 1 });
    expect(stepToShow(volunteer(3), "2")).toEqual({ show: 2 });
    expect(stepToShow(volunteer(3), "3")).toEqual({ show: 3 });
    // Not reached yet, another profile's step, or not a step: where the person left off.
    expect(stepToShow(null, "2")).toEqual({ redirectTo: 1 });
    expect(stepToShow(volunteer(2), "3")).toEqual({ redirectTo: 2 });
    expect(stepToShow(volunteer(3), "4")).toEqual({ redirectTo: 3 });
    for (const junk of ["0", "", "2.0", " 2", "abc", "10", "-1"]) {
      expect(stepToShow(institution(4), junk)).toEqual({ redirectTo: 4 });
    }
    // A volunteer's draft never reaches past its last step, whatever the row says.
    expect(reachedStep(volunteer(4))).toBe(3);
    expect(reachedStep(null)).toBe(1);
  });

  it("sends a taken e-mail back to the credentials and a taken CNPJ to the details", () => {
    expect(stepAsking("email")).toBe(2);
    expect(stepAsking("cnpj")).toBe(3);
  });
});
