/**
 * Every kind of e-mail the platform sends, in one table (ADR 0068): whether it is strictly
 * transactional (no opt-out, no List-Unsubscribe), whether it may reach an address that never
 * confirmed (ADR 0069), its own daily cap per recipient, and how the preferences page names it.
 * Browser-safe: the preferences page lists these labels.
 */
export interface EmailKindRule {
  /** pt-BR, as the preferences page and the opt-out page name it. */
  label: string;
  /** Password resets and the sign-up confirmation: always sent, never carry an opt-out. */
  transactional: boolean;
  /**
   * Sent to an account address that has not been confirmed yet: the person's own request or
   * the direct answer to their own action (ADR 0069). Everything else waits for confirmation.
   */
  beforeConfirmation: boolean;
  /** This kind's own cap per recipient address and day, below the general budget. */
  perRecipientDay?: number;
  /** Who can receive it, for the preferences page. */
  audience: "volunteer" | "institution" | "any" | "guardian";
}

export const EMAIL_KINDS = {
  "email-confirmation": {
    label: "Confirmação do e-mail da conta",
    transactional: true,
    beforeConfirmation: true,
    perRecipientDay: 5,
    audience: "any",
  },
  "password-reset": {
    label: "Redefinição de senha",
    transactional: true,
    beforeConfirmation: true,
    perRecipientDay: 10,
    audience: "any",
  },
  "application-receipt": {
    label: "Comprovante das candidaturas que você envia",
    transactional: false,
    beforeConfirmation: true,
    audience: "volunteer",
  },
  "application-decision": {
    label: "Respostas das instituições às suas candidaturas",
    transactional: false,
    beforeConfirmation: true,
    audience: "volunteer",
  },
  "volunteer-application": {
    label: "Novas candidaturas de voluntários",
    transactional: false,
    beforeConfirmation: false,
    audience: "institution",
  },
  "institution-review": {
    label: "Análise do cadastro da instituição",
    transactional: false,
    beforeConfirmation: true,
    audience: "institution",
  },
  "institution-name-review": {
    label: "Análise do novo nome da instituição",
    transactional: false,
    beforeConfirmation: true,
    audience: "institution",
  },
  "event-review": {
    label: "Análise dos eventos da instituição",
    transactional: false,
    beforeConfirmation: true,
    audience: "institution",
  },
  "event-changed": {
    label: "Mudança de data, horário ou local de eventos em que você está inscrito",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "participants-message": {
    label: "Mensagens das instituições aos participantes dos eventos",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "participation-promoted": {
    label: "Vaga confirmada ao sair da lista de espera",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "participation-removed": {
    label: "Aviso de remoção de um evento",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "participation-reminder": {
    label: "Lembrete na véspera dos eventos",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "agreement-issued": {
    label: "Termos de adesão emitidos para você",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "guardian-agreement": {
    label: "Pedido de consentimento a um termo de adesão (responsável)",
    transactional: false,
    beforeConfirmation: false,
    perRecipientDay: 10,
    audience: "guardian",
  },
  "guardian-account": {
    label: "Pedido de consentimento a uma conta (responsável)",
    transactional: false,
    beforeConfirmation: false,
    // A parent of several children signing up on the same day.
    perRecipientDay: 5,
    audience: "guardian",
  },
  "team-invitation": {
    label: "Convites para a equipe de uma instituição",
    transactional: false,
    // Often sent to someone without an account yet: the link itself proves the address.
    beforeConfirmation: true,
    perRecipientDay: 5,
    audience: "any",
  },
  "hours-due": {
    label: "Lembrete de horas a confirmar depois dos eventos",
    transactional: false,
    beforeConfirmation: false,
    audience: "institution",
  },
  "hours-confirmed": {
    label: "Horas confirmadas pela instituição",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
  "hours-declined": {
    label: "Horas recusadas pela instituição",
    transactional: false,
    beforeConfirmation: false,
    audience: "volunteer",
  },
} as const satisfies Record<string, EmailKindRule>;

export type EmailKind = keyof typeof EMAIL_KINDS;

export function isEmailKind(value: unknown): value is EmailKind {
  return typeof value === "string" && Object.hasOwn(EMAIL_KINDS, value);
}

export function emailKindRule(kind: EmailKind): EmailKindRule {
  return EMAIL_KINDS[kind];
}

/** The kinds a person may turn off: every one that is not strictly transactional. */
export const OPTIONAL_KINDS: readonly EmailKind[] = (
  Object.keys(EMAIL_KINDS) as EmailKind[]
).filter((kind) => !EMAIL_KINDS[kind].transactional);

export const TRANSACTIONAL_KINDS: readonly EmailKind[] = (
  Object.keys(EMAIL_KINDS) as EmailKind[]
).filter((kind) => EMAIL_KINDS[kind].transactional);
