import { env } from "~/config/env.server";
import { type RenderedEmail, renderEmail } from "~/email/templates.server";

/** An invitation to an institution's team (issue 41): who invites, to what, and the link. */
export function teamInvitationEmail(input: {
  inviterName: string;
  institutionName: string;
  roleLabel: string;
  limited: boolean;
  url: string;
  days: number;
}): RenderedEmail {
  const appName = env().APP_NAME;
  const scope = input.limited ? " (apenas dos eventos que lhe forem designados)" : "";
  return renderEmail({
    subject: `${input.inviterName} convidou você para a equipe de ${input.institutionName}`,
    greeting: "Olá!",
    paragraphs: [
      `${input.inviterName} convidou você para fazer parte da equipe da instituição ${input.institutionName} no ${appName}, como ${input.roleLabel.toLowerCase()}${scope}.`,
      `Para aceitar, abra o link abaixo e entre com a conta deste e-mail (ou crie uma). O link vale por ${input.days} dias e só pode ser usado uma vez.`,
    ],
    action: { label: "Ver o convite", url: input.url },
    footnote:
      "Se você não esperava este convite, ignore este e-mail: nada muda sem que você aceite.",
  });
}
