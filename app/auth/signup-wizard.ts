/**
 * The sign-up wizard's steps and transitions, without I/O: which step an address may show,
 * which step a post may act on, what "next" and "back" do from each step, and where a conflict
 * sends the person. The controller (routes/auth.cadastro.server.ts) reads the draft, asks here
 * what to do, and does it.
 *
 * Volunteers: 1 profile type, 2 credentials, 3 profile (account created). Institutions: 1, 2,
 * 3 details, 4 profile (account created). Then the progress screen.
 *
 * Each step has its own address (`/auth/cadastro?etapa=2`), so the browser's back and forward
 * move between steps. The draft remembers the furthest step the person has reached: any step up
 * to it may be shown and posted again (going back never forgets what lies ahead), none beyond.
 */

export type WizardProfile = "VOLUNTEER" | "INSTITUTION";

/** Where the wizard stands: the furthest step reached and the profile chosen on step 1. */
export interface WizardState {
  step: number;
  profileType: string;
}

export const SIGNUP_PATH = "/auth/cadastro";

/** The address of one step: each is a history entry of its own. */
export function stepPath(step: number): string {
  return `${SIGNUP_PATH}?etapa=${step}`;
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

/**
 * How many steps the page counts: the forms a person fills in ("Etapa 3 de 3" is the last one
 * they fill; the progress screen that follows is not a step of theirs).
 */
export function totalSteps(profileType: string): number {
  return lastStep(profileType);
}

/** The furthest step this draft may show or post: one it has reached, within its profile. */
export function reachedStep(draft: WizardState | null): number {
  if (!draft) return FIRST_STEP;
  return Math.min(Math.max(draft.step, FIRST_STEP), lastStep(draft.profileType));
}

/**
 * The step an address asks for (`?etapa=`): a number from the first step to the furthest
 * reached. No `etapa` is the first step; anything else (a step not reached yet, another
 * profile's step, text) is answered with the furthest step reached, where the person left off.
 */
export function stepToShow(
  draft: WizardState | null,
  requested: string | null,
): { show: number } | { redirectTo: number } {
  if (requested === null) return { show: FIRST_STEP };
  const step = Number(requested);
  const reached = reachedStep(draft);
  if (!/^[1-9]$/.test(requested) || step > reached) return { redirectTo: reached };
  return { show: step };
}

/**
 * What a post does. `draft` is null before the first save (the wizard is then on step 1);
 * `postedStep` is the step the page said it was on (any step reached so far: the person may have
 * gone back), `intent` "back" or anything else ("next").
 */
export function wizardMove(input: {
  draft: WizardState | null;
  postedStep: number;
  intent: string;
}): WizardMove {
  const step = input.postedStep;
  const reached = input.draft?.step ?? FIRST_STEP;
  if (!Number.isInteger(step) || step < FIRST_STEP || step > reached) return { kind: "show" };
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
