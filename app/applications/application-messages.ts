// The application's answers, apart from its Zod schema: the page shows them before the schema
// loads (ADR 0010), and importing them from the schema's module would bring Zod with the page.
export const APPLICATION_MESSAGES = {
  sent: "E-mail enviado com sucesso! A instituição logo entrará em contato.",
  failed: "Erro ao enviar e-mail. Tente novamente mais tarde.",
  duplicate:
    "Você já enviou uma candidatura para esta instituição. Aguarde o contato antes de enviar outra.",
  notFound: "Instituição não encontrada ou erro ao carregar os dados.",
} as const;
