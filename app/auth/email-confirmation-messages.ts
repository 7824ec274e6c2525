/** What the e-mail confirmation pages say (ADR 0069); shared by the pages and the domain. */
export const EMAIL_CONFIRMATION_HOURS = 48;

export const CONFIRMATION_MESSAGES = {
  invalid: "Este link de confirmação não é válido. Confira se copiou o endereço inteiro do e-mail.",
  expired: `Este link de confirmação expirou (ele vale por ${EMAIL_CONFIRMATION_HOURS} horas). Entre na sua conta e peça um novo.`,
  confirmed: "E-mail confirmado. Obrigado!",
  alreadyConfirmed: "Seu e-mail já está confirmado.",
  resent: "Enviamos um novo e-mail de confirmação. Confira sua caixa de entrada e o spam.",
  tooMany:
    "Você já pediu vários e-mails de confirmação na última hora. Aguarde um pouco e confira também a pasta de spam.",
} as const;
