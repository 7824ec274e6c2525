import { type RenderedEmail, renderEmail } from "~/email/templates.server";

/** The termo was issued: the volunteer reads and accepts it on the platform. */
export function agreementIssuedEmail(input: {
  name: string;
  institutionName: string;
  activity: string;
  guardianNeeded: boolean;
  url: string;
}): RenderedEmail {
  return renderEmail({
    subject: `Termo de adesão: ${input.institutionName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `A instituição ${input.institutionName} emitiu o seu termo de adesão ao serviço voluntário (${input.activity}), como pede a Lei nº 9.608/1998.`,
      "Leia o termo inteiro e aceite-o na plataforma. Depois você pode baixá-lo em PDF.",
      ...(input.guardianNeeded
        ? [
            "Como você tem menos de 18 anos, seu responsável também recebeu o termo por e-mail para consentir.",
          ]
        : []),
    ],
    action: { label: "Ler o termo", url: input.url },
  });
}
