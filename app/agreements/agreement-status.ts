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
  guardianLinkSent: "Enviamos um novo link ao e-mail do seu responsável.",
  guardianLinkRecent:
    "Enviamos um link ao seu responsável há poucos minutos. Peça que confira a caixa de entrada e o spam; se não chegar, tente de novo mais tarde.",
  guardianDone: "Seu responsável já consentiu este termo.",
  failed: "Não foi possível registrar o aceite. Tente novamente.",
  changed: "O texto deste termo não é o que você leu. Recarregue a página e leia de novo.",
} as const;
