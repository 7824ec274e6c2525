import { z } from "zod";
import { requiredText } from "~/forms/text-fields";
import { MESSAGE_LIMITS } from "./participant-message-limits";

/**
 * "Enviar mensagem aos participantes" (issue 15, item 3): the same schema checks in the browser
 * and in the action (ADR 0006/0010), with the limits of participant-message-limits.ts.
 */
export const participantMessageSchema = z.object({
  subject: requiredText(
    "single-line",
    "O assunto",
    {
      required: "Informe o assunto da mensagem.",
      tooShort: `O assunto deve ter pelo menos ${MESSAGE_LIMITS.subjectMin} caracteres.`,
      tooLong: `O assunto deve ter no máximo ${MESSAGE_LIMITS.subject} caracteres.`,
    },
    { min: MESSAGE_LIMITS.subjectMin, max: MESSAGE_LIMITS.subject },
  ),
  message: requiredText(
    "multi-line",
    "A mensagem",
    {
      required: "Escreva a mensagem.",
      tooShort: `A mensagem deve ter pelo menos ${MESSAGE_LIMITS.messageMin} caracteres.`,
      tooLong: `A mensagem deve ter no máximo ${MESSAGE_LIMITS.message} caracteres.`,
    },
    { min: MESSAGE_LIMITS.messageMin, max: MESSAGE_LIMITS.message },
  ),
  /** A checkbox: present ("on") to write to the waitlist too. */
  includeWaitlist: z.literal("on").optional(),
  /** The form's own id, drawn when the page is shown: a second submit of it sends nothing. */
  sendId: z.uuid("Não foi possível enviar. Recarregue a página e tente de novo."),
});

export type ParticipantMessageInput = z.output<typeof participantMessageSchema>;
