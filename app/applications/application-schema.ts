import { z } from "zod";
import { MAX_LENGTH } from "~/config/constants";
import { emailField, phoneField } from "~/forms/field-rules";
import { FILL_ALL_FIELDS } from "~/forms/missing-fields";
import { requiredText } from "~/forms/text-fields";

/** docs/spec.md 5, "Apply to volunteer": every field required, else "Preencha todos os campos". */

export const applicationSchema = z.object({
  replyEmail: emailField({ required: FILL_ALL_FIELDS, invalid: "E-mail inválido." }),
  phone: phoneField(FILL_ALL_FIELDS),
  summary: requiredText(
    "multi-line",
    "O resumo",
    { required: FILL_ALL_FIELDS, tooLong: "O resumo deve ter no máximo 1200 caracteres." },
    { max: MAX_LENGTH.volunteerSummary },
  ),
});
