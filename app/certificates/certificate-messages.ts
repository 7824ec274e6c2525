/** What certificates say to people when something cannot be done (pt-BR). */
export const CERTIFICATE_MESSAGES = {
  noHours:
    "Não há horas confirmadas pela instituição para este certificado. Só horas confirmadas entram em certificados.",
  notFound: "Certificado não encontrado.",
  heldByRevocation:
    "Estas horas estavam em um certificado que a instituição revogou. Elas voltam a entrar em certificados quando a instituição corrigi-las ou emitir um novo certificado delas.",
  badCode: "Confira o código: são 12 letras e números, como no certificado (ABCD-EFGH-JKMN).",
  failed: "Não foi possível emitir o certificado. Tente novamente.",
  revokeFailed: "Não foi possível revogar o certificado. Tente novamente.",
} as const;
