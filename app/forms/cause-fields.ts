import { z } from "zod";
import {
  areValidCauses,
  areValidSkills,
  MAX_CAUSES,
  MAX_SKILLS,
  parseCauses,
  parseSkills,
} from "~/config/causes";

/** Checkboxes post a key once per checked box: none, one value, or a list (forms/form-validation). */
const checkedValues = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

export const CAUSE_MESSAGES = {
  tooManyCauses: `Escolha no máximo ${MAX_CAUSES} causas.`,
  tooManySkills: `Escolha no máximo ${MAX_SKILLS} habilidades.`,
} as const;

/**
 * A list of slugs from checkboxes: at most `max` (a Portuguese message past it), each known
 * (a slug that is not on the list only comes from a forged post: the generic message), stored
 * in the list's order.
 */
function slugListField<T extends string>(
  max: number,
  tooMany: string,
  valid: (values: string[]) => boolean,
  parse: (values: string[]) => T[],
) {
  return checkedValues
    .refine((values) => values.length <= max, tooMany)
    .refine((values) => valid(values), "Verifique os dados informados.")
    .transform((values) => parse(values));
}

/** The causes of a form (ADR 0045): optional, at most MAX_CAUSES. */
export function causesField() {
  return slugListField(MAX_CAUSES, CAUSE_MESSAGES.tooManyCauses, areValidCauses, parseCauses);
}

/** The skills of a form: optional, at most MAX_SKILLS. */
export function skillsField() {
  return slugListField(MAX_SKILLS, CAUSE_MESSAGES.tooManySkills, areValidSkills, parseSkills);
}
