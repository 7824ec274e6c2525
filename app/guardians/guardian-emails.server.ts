import { env } from "~/config/env.server";
import { type RenderedEmail, renderEmail } from "~/email/templates.server";

/** E-mails to a minor's parent or guardian (ADR 0050): one link, one purpose each. */

/** Sign-up (or a new guardian named in "Editar perfil"): consent to the account. */
export function guardianAccountEmail(input: {
  guardianName: string;
  volunteerName: string;
  url: string;
}): RenderedEmail {
  const appName = env().APP_NAME;
  return renderEmail({
    subject: `${input.volunteerName} indicou você como responsável no ${appName}`,
    greeting: `Olá, ${input.guardianName}!`,
    paragraphs: [
      `${input.volunteerName}, que tem menos de 18 anos, criou uma conta de voluntário(a) no ${appName} e indicou você como mãe, pai ou responsável legal.`,
      "Pela lei, a participação de menores de 18 anos em atividades voluntárias depende da sua assistência. Use o link abaixo para ler o que isso significa e dar (ou não) o seu consentimento. O link vale por 30 dias.",
    ],
    action: { label: "Ver e consentir", url: input.url },
    footnote:
      "Se você não conhece essa pessoa ou não é responsável por ela, ignore este e-mail: nada será registrado em seu nome.",
  });
}

/** A termo de adesão was issued to the minor: consent to that termo. */
export function guardianAgreementEmail(input: {
  guardianName: string;
  volunteerName: string;
  institutionName: string;
  activity: string;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Termo de adesão de ${input.volunteerName}: ${input.institutionName}`,
    greeting: `Olá, ${input.guardianName}!`,
    paragraphs: [
      `A instituição ${input.institutionName} emitiu um termo de adesão ao serviço voluntário para ${input.volunteerName} (${input.activity}).`,
      "Como essa pessoa tem menos de 18 anos, o termo só vale com o seu consentimento. Leia o termo inteiro pelo link abaixo. O link vale por 30 dias.",
    ],
    action: { label: "Ler o termo", url: input.url },
    footnote:
      "Se você não é responsável por essa pessoa, ignore este e-mail: nada será registrado em seu nome.",
  });
}
