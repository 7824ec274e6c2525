/**
 * Where a termo stands, as both parties read it (issue 16): the volunteer has not accepted yet;
 * the volunteer accepted but, being under 18, the guardian has not consented yet; or accepted.
 */
export type AgreementStatus = "PENDING" | "AWAITING_GUARDIAN" | "ACCEPTED";

export function agreementStatus(agreement: {
  acceptedAt: Date | string | null;
  guardianRequired: boolean;
  guardianConsentedAt: Date | string | null;
}): AgreementStatus {
  if (!agreement.acceptedAt) return "PENDING";
  if (agreement.guardianRequired && !agreement.guardianConsentedAt) return "AWAITING_GUARDIAN";
  return "ACCEPTED";
}

export const AGREEMENT_STATUS_LABELS: Record<AgreementStatus, string> = {
  PENDING: "Pendente",
  AWAITING_GUARDIAN: "Aguardando responsável",
  ACCEPTED: "Aceito",
};

export const AGREEMENT_MESSAGES = {
  notFound: "Termo não encontrado.",
  accepted: "Termo aceito. Obrigado!",
  acceptedAwaitingGuardian:
    "Termo aceito. Aguardando o consentimento do responsável para que ele valha.",
  awaitingGuardian: "Aguardando o consentimento do responsável.",
  failed: "Não foi possível registrar o aceite. Tente novamente.",
  changed: "O texto deste termo não é o que você leu. Recarregue a página e leia de novo.",
} as const;
