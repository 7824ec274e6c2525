/** What the guardian's consent page says (ADR 0050); shared by the page and the domain. */
export const GUARDIAN_MESSAGES = {
  notFound: "Este link não é válido. Confira se copiou o endereço inteiro do e-mail.",
  expired:
    "Este link expirou (ele vale por 30 dias). Peça para a pessoa que indicou você enviar um novo pelo perfil dela.",
  nameRequired: "Informe seu nome completo (pelo menos 3 letras).",
  nameTooLong: "O nome deve ter no máximo 50 caracteres.",
  declare: "Para consentir, confirme que você é mãe, pai ou responsável legal.",
  changed: "O texto do termo mudou desde que a página foi aberta. Recarregue e leia de novo.",
  done: "Consentimento registrado. Obrigado!",
} as const;
