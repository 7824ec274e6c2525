import { z } from "zod";
import { brDateToIso } from "~/forms/masks";
import { requiredText } from "~/forms/text-fields";
import { REASON_LIMITS } from "./certificate-limits";
import { CERTIFICATE_MESSAGES } from "./certificate-messages";

/**
 * The certificate forms' rules (issue 16 item 5), the same in the browser and in the action
 * (ADR 0006/0010). A target travels as "SCOPE:id" (the volunteer's form) or
 * "volunteerId:SCOPE:id" (the institution's): an option of the page's own list.
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CHOOSE = "Escolha de quais horas é o certificado.";

const optionalDay = (invalid: string) =>
  z
    .string()
    .trim()
    .refine((text) => brDateToIso(text) !== null, invalid)
    .transform((text) => brDateToIso(text) as string)
    .optional();

export const issueCertificateSchema = z
  .object({
    target: z
      .string({ error: CHOOSE })
      .regex(new RegExp(`^(EVENT|ONGOING|PERIOD):${UUID}$`, "i"), CHOOSE),
    from: optionalDay("Informe a data inicial como dd/mm/aaaa."),
    to: optionalDay("Informe a data final como dd/mm/aaaa."),
  })
  .refine((form) => !form.from || !form.to || form.from <= form.to, {
    message: "A data final deve ser igual ou posterior à inicial.",
    path: ["to"],
  });

export const institutionIssueSchema = z.object({
  target: z
    .string({ error: "Escolha a pessoa e as horas do certificado." })
    .regex(
      new RegExp(`^${UUID}:(EVENT|ONGOING|PERIOD):${UUID}$`, "i"),
      "Escolha a pessoa e as horas do certificado.",
    ),
});

export const revokeCertificateSchema = z.object({
  reason: requiredText(
    "multi-line",
    "O motivo",
    {
      required: "Informe o motivo da revogação.",
      tooShort: `O motivo deve ter pelo menos ${REASON_LIMITS.min} caracteres.`,
      tooLong: `O motivo deve ter no máximo ${REASON_LIMITS.max} caracteres.`,
    },
    REASON_LIMITS,
  ),
});

export const lookupSchema = z.object({
  codigo: z
    .string({ error: "Digite o código do certificado." })
    .trim()
    .min(1, "Digite o código do certificado.")
    .max(40, CERTIFICATE_MESSAGES.badCode),
});

/** "SCOPE:id" as the domain's target (the schema has checked the shape). */
export function targetOf(
  value: string,
  period: { from?: string; to?: string } = {},
): { scope: "EVENT" | "ONGOING" | "PERIOD"; id: string; from?: string; to?: string } {
  const [scope, id = ""] = value.split(":");
  return {
    scope: scope?.toUpperCase() as "EVENT" | "ONGOING" | "PERIOD",
    id: id.toLowerCase(),
    ...period,
  };
}
