import { z } from "zod";
import { brDateToIso } from "~/forms/masks";
import { ruledText } from "~/forms/text-fields";
import { isSingleEmailAddress } from "~/lib/email-address";
import { ageOn, isMinor, MINIMUM_AGE, todayInBrasilia } from "./age";

/** The age rules' form schemas (ADR 0050); the ages and the calendar are in age.ts. */
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
    guardianName: ruledText("single-line", "O nome do responsável")
      .max(50, AGE_MESSAGES.guardianNameTooLong)
      .optional(),
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
