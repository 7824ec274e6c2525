import { z } from "zod";
import { brDateToIso } from "~/forms/masks";
import { isSingleEmailAddress } from "~/lib/email-address";

/**
 * Who may have an account, by age (ADR 0050): 18 or more on their own; 16 and 17 with a parent
 * or guardian named, who consents to the account and to each termo de adesão; under 16 not at
 * all. Ages are counted on Brasília's calendar. Shared by the browser and the server.
 */
export const MINIMUM_AGE = 16;
export const ADULT_AGE = 18;
const OLDEST_AGE = 120;

export const AGE_MESSAGES = {
  birthDateRequired: "Informe sua data de nascimento.",
  birthDateInvalid: "Data de nascimento inválida. Use o formato dd/mm/aaaa.",
  birthDateFuture: "A data de nascimento não pode estar no futuro.",
  birthDateTooOld: "Confira a data de nascimento: ela indica mais de 120 anos.",
  tooYoung: `O cadastro de voluntários é permitido a partir de ${MINIMUM_AGE} anos.`,
  guardianName: "Informe o nome do seu responsável (obrigatório para menores de 18 anos).",
  guardianNameTooLong: "O nome do responsável deve ter no máximo 50 caracteres.",
  guardianEmail: "Informe o e-mail do seu responsável (obrigatório para menores de 18 anos).",
  guardianEmailInvalid: "E-mail do responsável inválido.",
} as const;

/** Brasília's offset from UTC: UTC−3 all year since summer time ended (Decreto 9.772/2019). */
const BRASILIA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * Today in Brasília, 'AAAA-MM-DD', for age checks in the browser and on the server alike. Written
 * without Intl on purpose: the first pt-BR/zone formatter costs a phone its locale data (the
 * build-chunks test keeps Intl out of member pages), and should Brazil bring summer time back, an
 * age would be counted an hour early once a year.
 */
export function todayInBrasilia(now: Date = new Date()): string {
  return new Date(now.getTime() + BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole years between a birth date and a day, both 'AAAA-MM-DD'. */
export function ageOn(birthIso: string, dayIso: string): number {
  const [by, bm, bd] = birthIso.split("-").map(Number) as [number, number, number];
  const [y, m, d] = dayIso.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Under 18 on that day: a guardian takes part. */
export function isMinor(birthIso: string | null, dayIso: string): boolean {
  return birthIso !== null && ageOn(birthIso, dayIso) < ADULT_AGE;
}

export interface AgeFields {
  /** 'AAAA-MM-DD', or null when left empty where that is allowed. */
  birthDate: string | null;
  guardianName: string | null;
  guardianEmail: string | null;
}

/**
 * The date of birth and guardian fields as a form posts them ("dd/mm/aaaa" text), checked
 * strictly: spread `ageFieldShape(...)` into the form's object and add `.superRefine(
 * guardianRule())`. `required`: a new sign-up, or "Editar perfil" (existing accounts give it at
 * their next edit). The birth date is checked on its own, so its message shows with the others.
 */
export function ageFieldShape(options: { required: boolean; today?: string }) {
  const check = (value: string | undefined, context: z.RefinementCtx) => {
    if (!value) return;
    const problem = birthDateProblem(value, options.today ?? todayInBrasilia());
    if (problem) context.addIssue({ code: "custom", message: problem });
  };
  return {
    birthDate: options.required
      ? z
          .string({ error: AGE_MESSAGES.birthDateRequired })
          .trim()
          .min(1, AGE_MESSAGES.birthDateRequired)
          .superRefine(check)
      : z.string().trim().optional().superRefine(check),
    guardianName: z.string().trim().max(50, AGE_MESSAGES.guardianNameTooLong).optional(),
    guardianEmail: z.string().trim().toLowerCase().optional(),
  };
}

/** Under 18: the guardian's name and e-mail are required (the object-level half of the rules). */
export function guardianRule(options: { today?: string } = {}) {
  return (
    values: { birthDate?: string; guardianName?: string; guardianEmail?: string },
    context: z.RefinementCtx,
  ) => {
    const today = options.today ?? todayInBrasilia();
    // A date refused on its own says so first; the guardian is asked for a valid minor's date.
    if (!values.birthDate || birthDateProblem(values.birthDate, today)) return;
    if (!isMinor(brDateToIso(values.birthDate), today)) return;
    const issue = (path: string, message: string) =>
      context.addIssue({ code: "custom", message, path: [path] });
    if (!values.guardianName || values.guardianName.length < 3) {
      issue("guardianName", AGE_MESSAGES.guardianName);
    }
    if (!values.guardianEmail) issue("guardianEmail", AGE_MESSAGES.guardianEmail);
    else if (!isSingleEmailAddress(values.guardianEmail, 50)) {
      issue("guardianEmail", AGE_MESSAGES.guardianEmailInvalid);
    }
  };
}

/** The age fields alone (unit tests, and forms that ask nothing else). */
export function ageFieldsSchema(options: { required: boolean; today?: string }) {
  return z.object(ageFieldShape(options)).superRefine(guardianRule(options));
}

/** The message for a typed birth date that cannot be accepted, or null when it can. */
export function birthDateProblem(text: string, today: string): string | null {
  const iso = brDateToIso(text);
  if (!iso) return AGE_MESSAGES.birthDateInvalid;
  if (iso > today) return AGE_MESSAGES.birthDateFuture;
  const age = ageOn(iso, today);
  if (age > OLDEST_AGE) return AGE_MESSAGES.birthDateTooOld;
  if (age < MINIMUM_AGE) return AGE_MESSAGES.tooYoung;
  return null;
}

/** What the database keeps from checked age fields: guardian data only for a minor. */
export function ageFieldsToStore(
  values: { birthDate?: string; guardianName?: string; guardianEmail?: string },
  today: string = todayInBrasilia(),
): AgeFields {
  const birthDate = values.birthDate ? brDateToIso(values.birthDate) : null;
  const minor = isMinor(birthDate, today);
  return {
    birthDate,
    guardianName: minor ? (values.guardianName ?? null) : null,
    guardianEmail: minor ? (values.guardianEmail ?? null) : null,
  };
}
