import { env } from "~/config/env.server";
import { displayPhone } from "~/forms/masks";

/** Every e-mail is plain text plus a simple HTML version, in pt-BR, signed with APP_NAME. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const appName = env().APP_NAME;
  const text = [
    content.greeting,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    `Equipe ${appName}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="pt-BR"><body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="font-size:18px;font-weight:bold;color:#115e59;margin:0 0 24px">${escapeHtml(appName)}</p>
<p>${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((paragraph) => `<p style="line-height:1.5">${escapeHtml(paragraph)}</p>`).join("\n")}
${
  content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#4b5563">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(content.action.url)}</p>`
    : ""
}
${content.footnote ? `<p style="font-size:13px;color:#4b5563">${escapeHtml(content.footnote)}</p>` : ""}
<p>Equipe ${escapeHtml(appName)}</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}

export function passwordResetEmail(input: { name: string; url: string }): RenderedEmail {
  return renderEmail({
    subject: `Redefinição de senha - ${env().APP_NAME}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      "Recebemos um pedido para redefinir a senha da sua conta.",
      "Para criar uma nova senha, use o link abaixo. Ele vale por 1 hora e só pode ser usado uma vez.",
    ],
    action: { label: "Redefinir minha senha", url: input.url },
    footnote: "Se você não pediu a redefinição, ignore este e-mail: sua senha continua a mesma.",
  });
}

/** docs/spec.md 7: institutionName, institutionEmail, phone, resume, volunteerName, contactEmail. */
export function volunteerApplicationEmail(input: {
  institutionName: string;
  institutionEmail: string;
  volunteerName: string;
  contactEmail: string;
  phone: string;
  resume: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Nova candidatura de voluntariado: ${input.volunteerName}`,
    greeting: `Olá, equipe ${input.institutionName}!`,
    paragraphs: [
      `${input.volunteerName} quer ser voluntário(a) na instituição ${input.institutionName} e enviou a candidatura abaixo.`,
      `Nome: ${input.volunteerName}`,
      `E-mail para resposta: ${input.contactEmail}`,
      `Telefone: ${displayPhone(input.phone)}`,
      `Sobre a pessoa: ${input.resume}`,
      `Responda diretamente para ${input.contactEmail}. Esta mensagem foi enviada para ${input.institutionEmail}, o e-mail de contato da instituição.`,
    ],
  });
}

/** The volunteer's receipt for an application: what was sent, to whom, and what happens next. */
export function applicationReceiptEmail(input: {
  volunteerName: string;
  institutionName: string;
  replyEmail: string;
  phone: string;
  /** The institution's public page. */
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Candidatura enviada: ${input.institutionName}`,
    greeting: `Olá, ${input.volunteerName}!`,
    paragraphs: [
      `Sua candidatura de voluntariado para a instituição ${input.institutionName} foi enviada.`,
      `A instituição vai responder pelo e-mail ${input.replyEmail} ou pelo telefone ${displayPhone(input.phone)}, os contatos que você informou.`,
      "Você acompanha a resposta na sua área, em “Minhas candidaturas”.",
    ],
    action: { label: "Ver a instituição", url: input.url },
  });
}

/** The institution's answer to an application, sent to the reply e-mail the volunteer gave. */
export function applicationDecisionEmail(input: {
  volunteerName: string;
  institutionName: string;
  institutionEmail: string;
  accepted: boolean;
  /** Where the volunteer sees their applications, or other institutions when declined. */
  url: string;
}): RenderedEmail {
  if (input.accepted) {
    return renderEmail({
      subject: `Sua candidatura foi aceita: ${input.institutionName}`,
      greeting: `Olá, ${input.volunteerName}!`,
      paragraphs: [
        `Boa notícia: a instituição ${input.institutionName} aceitou a sua candidatura de voluntariado.`,
        `A instituição vai entrar em contato pelo e-mail ou telefone que você informou. Se preferir, escreva para ${input.institutionEmail}.`,
      ],
      action: { label: "Ver minhas candidaturas", url: input.url },
    });
  }
  return renderEmail({
    subject: `Resposta da sua candidatura: ${input.institutionName}`,
    greeting: `Olá, ${input.volunteerName}!`,
    paragraphs: [
      `A instituição ${input.institutionName} agradece o seu interesse, mas não pôde aceitar a sua candidatura desta vez.`,
      "Muitas outras instituições procuram voluntários como você. Que tal conhecer outras oportunidades?",
    ],
    action: { label: "Encontrar instituições", url: input.url },
  });
}

/** The admin's decision on an institution's sign-up (docs/design.md 7.8). */
export function institutionReviewEmail(input: {
  institutionName: string;
  /** Null for an approval; the admin's reason for a rejection. */
  reason: string | null;
  url: string;
}): RenderedEmail {
  if (input.reason === null) {
    return renderEmail({
      subject: `Cadastro aprovado: ${input.institutionName}`,
      greeting: `Olá, equipe ${input.institutionName}!`,
      paragraphs: [
        "O cadastro da sua instituição foi aprovado. Ela já aparece para os voluntários na lista de instituições.",
        "Agora vocês podem completar o perfil e publicar eventos.",
      ],
      action: { label: "Acessar minha conta", url: input.url },
    });
  }
  return renderEmail({
    subject: `Cadastro não aprovado: ${input.institutionName}`,
    greeting: `Olá, equipe ${input.institutionName}!`,
    paragraphs: [
      "Analisamos o cadastro da sua instituição e, desta vez, ele não foi aprovado.",
      `Motivo: ${input.reason}`,
      "Vocês podem corrigir os dados na área da instituição e reenviar o cadastro para análise. Se acreditar que houve um engano, fale com o suporte pelos canais de contato do site.",
    ],
    action: { label: "Corrigir e reenviar cadastro", url: input.url },
  });
}

/** The admin's decision on an event an institution submitted (docs/design.md 7.8). */
export function eventReviewEmail(input: {
  institutionName: string;
  eventName: string;
  /** Null for an approval; the admin's reason for a rejection. */
  reason: string | null;
  url: string;
}): RenderedEmail {
  if (input.reason === null) {
    return renderEmail({
      subject: `Evento aprovado: ${input.eventName}`,
      greeting: `Olá, equipe ${input.institutionName}!`,
      paragraphs: [`O evento "${input.eventName}" foi aprovado e já está publicado no site.`],
      action: { label: "Ver o evento", url: input.url },
    });
  }
  return renderEmail({
    subject: `Evento não aprovado: ${input.eventName}`,
    greeting: `Olá, equipe ${input.institutionName}!`,
    paragraphs: [
      `Analisamos o evento "${input.eventName}" e, desta vez, ele não foi aprovado para publicação.`,
      `Motivo: ${input.reason}`,
      "Vocês podem revisar as informações e cadastrar o evento novamente.",
    ],
    action: { label: "Acessar a área da instituição", url: input.url },
  });
}

/** The admin's decision on the new name an approved institution asked for (issue 14). */
export function proposedNameReviewEmail(input: {
  institutionName: string;
  proposedName: string;
  approved: boolean;
  reason?: string | null;
  url: string;
}): RenderedEmail {
  if (input.approved) {
    return renderEmail({
      subject: `Novo nome aprovado: ${input.proposedName}`,
      greeting: `Olá, equipe ${input.proposedName}!`,
      paragraphs: [
        `O novo nome da instituição, "${input.proposedName}", foi aprovado e já aparece no site.`,
      ],
      action: { label: "Ver a página da instituição", url: input.url },
    });
  }
  return renderEmail({
    subject: `Novo nome não aprovado: ${input.institutionName}`,
    greeting: `Olá, equipe ${input.institutionName}!`,
    paragraphs: [
      `Analisamos o novo nome pedido, "${input.proposedName}", e ele não foi aprovado. A página continua com o nome "${input.institutionName}".`,
      ...(input.reason ? [`Motivo: ${input.reason}`] : []),
      "Se quiser, peça outro nome pela área da instituição.",
    ],
    action: { label: "Acessar minha conta", url: input.url },
  });
}

/** A place opened in an event and the person waiting first got it (issue 15). */
export function participationPromotedEmail(input: {
  name: string;
  eventName: string;
  /** As the person reads it: "sábado, 12 de dezembro de 2026". */
  when: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Vaga confirmada: ${input.eventName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `Abriu uma vaga no evento "${input.eventName}" (${input.when}) e ela é sua: você saiu da lista de espera e sua presença está confirmada.`,
      "Se não puder ir, cancele sua participação na página do evento para liberar a vaga para outra pessoa.",
    ],
    action: { label: "Ver o evento", url: input.url },
  });
}

/** The institution moved an event a person takes part in (issue 15, item 4). */
export function eventChangedEmail(input: {
  name: string;
  eventName: string;
  /** "Data do evento: 10/12/2026 → 12/12/2026", one line per change of date, time or place. */
  changes: string[];
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Evento alterado: ${input.eventName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `A instituição alterou a data, o horário ou o local do evento "${input.eventName}", em que você está inscrito:`,
      ...input.changes,
      "Se não puder mais ir, cancele sua participação na página do evento para liberar a vaga para outra pessoa.",
    ],
    action: { label: "Ver o evento", url: input.url },
  });
}
