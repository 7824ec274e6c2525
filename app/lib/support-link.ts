/** Why the person is contacting support; each reason has its own prefilled message. */
export type SupportReason = "pending" | "rejected" | "generic";

const MESSAGES: Record<SupportReason, (name: string) => string> = {
  pending: (name) =>
    `Olá! Sou da instituição ${name} e gostaria de saber como está a análise do nosso cadastro.`,
  rejected: (name) =>
    `Olá! Sou da instituição ${name}. Nosso cadastro não foi aprovado e gostaria de entender o motivo e como corrigir.`,
  generic: (name) => `Olá! Sou da instituição ${name} e preciso de ajuda com a plataforma.`,
};

/** A WhatsApp chat link with the prefilled message (SPEC: support contact), or null if not configured. */
export function whatsappLink(
  number: string | null,
  reason: SupportReason,
  institutionName: string,
): string | null {
  if (!number) return null;
  return `https://wa.me/${number}?text=${encodeURIComponent(MESSAGES[reason](institutionName))}`;
}
