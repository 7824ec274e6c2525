/**
 * The sign-up wizard's steps and transitions, without I/O: which step a post may act on, what
 * "next" and "back" do from each step, and where a conflict sends the person. The controller
 * (routes/auth.cadastro.server.ts) reads the draft, asks here what to do, and does it.
 *
 * Volunteers: 1 profile type, 2 credentials, 3 profile (account created). Institutions: 1, 2,
 * 3 details, 4 profile (account created). Then the progress screen.
 */

export type WizardProfile = "VOLUNTEER" | "INSTITUTION";

/** Where the wizard stands: the draft's step and the profile chosen on step 1, if any. */
export interface WizardState {
  step: number;
  profileType: string;
}

export type WizardMove =
  /** The post names another step (a stale tab) or the draft is gone: show the wizard again. */
  | { kind: "show" }
  /** Back one step (never before the first), keeping what was typed on this one. */
  | { kind: "back"; to: number }
  /** Check this step's fields and move on to `to`. */
  | { kind: "choose-profile"; to: 2 }
  | { kind: "credentials"; to: 3 }
  | { kind: "institution-details"; to: 4 }
  /** The profile step: create the account. */
  | { kind: "create"; profileType: WizardProfile }
  /** A step the profile does not have: start again from the first. */
  | { kind: "restart" };

export const FIRST_STEP = 1;

/** The step that creates the account. */
export function lastStep(profileType: string): number {
  return profileType === "INSTITUTION" ? 4 : 3;
}

/** How many steps the page counts: the form steps, then the progress screen. */
export function totalSteps(profileType: string): number {
  return lastStep(profileType) + 1;
}

/**
 * What a post does. `draft` is null before the first save (the wizard is then on step 1);
 * `postedStep` is the step the page said it was on, `intent` "back" or anything else ("next").
 */
export function wizardMove(input: {
  draft: WizardState | null;
  postedStep: number;
  intent: string;
}): WizardMove {
  const step = input.draft?.step ?? FIRST_STEP;
  if (input.postedStep !== step) return { kind: "show" };
  if (input.intent === "back") return { kind: "back", to: Math.max(FIRST_STEP, step - 1) };
  if (step === FIRST_STEP) return { kind: "choose-profile", to: 2 };
  if (!input.draft) return { kind: "show" };
  const { profileType } = input.draft;
  if (step === 2) return { kind: "credentials", to: 3 };
  if (step === 3 && profileType === "VOLUNTEER") return { kind: "create", profileType };
  if (step === 3) return { kind: "institution-details", to: 4 };
  if (step === 4 && profileType === "INSTITUTION") return { kind: "create", profileType };
  return { kind: "restart" };
}

/**
 * The step that asks for a field: where a taken e-mail or CNPJ sends the person, and where a
 * draft whose credentials or details no longer pass the rules goes back to.
 */
export function stepAsking(field: "email" | "cnpj"): number {
  return field === "email" ? 2 : 3;
}
