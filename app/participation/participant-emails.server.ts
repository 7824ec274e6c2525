import { env } from "~/config/env.server";
import { type RenderedEmail, renderEmail } from "~/email/templates.server";

/** The e-mails of an event's list as the institution manages it (issue 15, ADR 0044). */

/** The institution took the person off its event's list. */
export function participationRemovedEmail(input: {
  name: string;
  eventName: string;
  /** "sábado, 12 de dezembro de 2026" */
  when: string;
  institutionName: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Inscrição retirada: ${input.eventName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `A instituição ${input.institutionName} retirou sua inscrição do evento "${input.eventName}" (${input.when}).`,
      "Se acha que houve um engano, fale com a instituição pelos contatos da página dela.",
    ],
    action: { label: "Ver o evento", url: input.url },
  });
}

/** 24 hours before: the event the person confirmed is coming. */
export function participationReminderEmail(input: {
  name: string;
  eventName: string;
  /** "sábado, 12 de dezembro de 2026, das 09:00 às 12:00" */
  when: string;
  /** The address, or "Evento online: o link está na página do evento." */
  where: string;
  /** Whether the event's day (in Brasília) is the day the reminder leaves or the next one. */
  day: "hoje" | "amanhã";
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Lembrete: ${input.eventName} é ${input.day}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `Sua presença está confirmada no evento "${input.eventName}": ${input.when}.`,
      input.where,
      "Se não puder ir, cancele sua participação na página do evento para liberar a vaga para outra pessoa.",
    ],
    action: { label: "Ver o evento", url: input.url },
  });
}

/** "Enviar mensagem aos participantes": the institution's own words, signed by it. */
export function institutionMessageEmail(input: {
  name: string;
  institutionName: string;
  /** Who on the institution's team wrote it (issue 41). */
  authorName: string;
  eventName: string;
  subject: string;
  message: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `${input.subject} - ${input.eventName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `${input.authorName}, da instituição ${input.institutionName}, enviou esta mensagem a quem participa do evento "${input.eventName}":`,
      ...input.message.split(/\r?\n\s*\r?\n/).map((paragraph) => paragraph.trim()),
    ].filter((paragraph) => paragraph.length > 0),
    action: { label: "Ver o evento", url: input.url },
    footnote: `Você recebeu esta mensagem porque se inscreveu neste evento no ${env().APP_NAME}. Para responder, use os contatos da instituição na página dela.`,
  });
}
