import { z } from "zod";
import { breaksTextRule, normalizeText, type TextKind, textRuleMessage } from "~/lib/plain-text";

/**
 * Every form's free-text field is built here, on the text rule of lib/plain-text.ts (ADR 0066):
 * normalised (NFC, one line ending, trimmed) before anything is counted, then refused with a
 * message naming the field if it holds a character its kind does not keep. The rule comes right
 * after "required", so a person sees it before a length message. The schemas are the browser's
 * and the server's alike.
 */

/** Which rule a schema's field follows: read by the tests that post to every form's fields. */
export const textFieldRegistry = z.registry<{ textKind: TextKind; subject: string }>();

/** `z.string()` with the text rule; `required` adds the form's message for an empty value. */
export function ruledText(
  kind: TextKind,
  subject: string,
  messages: { required?: string } = {},
): z.ZodString {
  let field = z
    .string(messages.required ? { error: messages.required } : undefined)
    .overwrite((value) => normalizeText(value, kind));
  if (messages.required) field = field.min(1, messages.required);
  field = field.refine((value) => !breaksTextRule(value, kind), textRuleMessage(subject, kind));
  return field.register(textFieldRegistry, { textKind: kind, subject });
}

export interface TextMessages {
  required: string;
  tooShort?: string;
  tooLong: string;
}

/**
 * A required text of `kind` ("O nome", "O logradouro": single-line; "O resumo", "A mensagem":
 * multi-line) with the form's messages and limits, counted after normalisation.
 */
export function requiredText(
  kind: TextKind,
  subject: string,
  messages: TextMessages,
  limits: { min?: number; max: number },
): z.ZodString {
  // A check makes a new schema; the registry reads its rule through the schema it came from.
  let field = ruledText(kind, subject, messages);
  if (limits.min && messages.tooShort) field = field.min(limits.min, messages.tooShort);
  return field.max(limits.max, messages.tooLong);
}
