import { type RenderedEmail, renderEmail } from "~/email/templates.server";
import { countText } from "~/lib/count-text";

/** What the volunteer hears when an institution decides their hours (ADR 0051). */

export function hoursConfirmedEmail(input: {
  name: string;
  institutionName: string;
  activity: string;
  /** "12/12/2026" or "novembro de 2026" */
  when: string;
  /** "4 h" */
  hours: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Horas confirmadas: ${input.hours} com ${input.institutionName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `A instituição ${input.institutionName} confirmou ${input.hours} de voluntariado em "${input.activity}" (${input.when}).`,
      "Elas já contam no total de horas da sua jornada.",
    ],
    action: { label: "Ver minha jornada", url: input.url },
  });
}

export function hoursDeclinedEmail(input: {
  name: string;
  institutionName: string;
  when: string;
  hours: string;
  reason: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Horas não confirmadas: ${input.institutionName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `A instituição ${input.institutionName} não confirmou as ${input.hours} que você registrou para ${input.when}.`,
      `Motivo: ${input.reason}`,
      "Se acha que houve um engano, fale com a instituição pelos contatos da página dela.",
    ],
    action: { label: "Ver minha jornada", url: input.url },
  });
}

/** What the institution hears once an event ended with hours still to confirm (hours-due.server.ts). */
export function hoursDueEmail(input: {
  institutionName: string;
  eventName: string;
  /** "12/12/2026" */
  date: string;
  /** People whose place was confirmed and whose hours are not decided yet. */
  people: number;
  url: string;
}): RenderedEmail {
  const who = `${countText(input.people, "voluntário", "voluntários")} ${input.people === 1 ? "aguarda" : "aguardam"}`;
  return renderEmail({
    subject: `Confirme as horas do evento "${input.eventName}"`,
    greeting: `Olá, ${input.institutionName}!`,
    paragraphs: [
      `O evento "${input.eventName}" (${input.date}) terminou, e ${who} a confirmação de presença e de horas.`,
      "Só as horas que a instituição confirma contam na jornada e nos certificados dos voluntários. Você confirma todos de uma vez e ajusta quem precisar.",
    ],
    action: { label: "Confirmar horas", url: input.url },
  });
}
