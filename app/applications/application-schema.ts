import { z } from "zod";
import { emailField, phoneField, requiredText } from "~/auth/field-rules";
import { MAX_LENGTH } from "~/config/constants";

/** SPEC.md 5, "Apply to volunteer": every field required, else "Preencha todos os campos". */
export const FILL_ALL_FIELDS = "Preencha todos os campos";

export const applicationSchema = z.object({
  replyEmail: emailField({ required: FILL_ALL_FIELDS, invalid: "E-mail inválido." }),
  phone: phoneField(FILL_ALL_FIELDS),
  summary: requiredText(
    { required: FILL_ALL_FIELDS, tooLong: "O resumo deve ter no máximo 1200 caracteres." },
    { max: MAX_LENGTH.volunteerSummary },
  ),
});

export const APPLICATION_MESSAGES = {
  sent: "E-mail enviado com sucesso! A instituição logo entrará em contato.",
  failed: "Erro ao enviar e-mail. Tente novamente mais tarde.",
  duplicate:
    "Você já enviou uma candidatura para esta instituição. Aguarde o contato antes de enviar outra.",
  notFound: "Instituição não encontrada ou erro ao carregar os dados.",
} as const;
