/**
 * The hours forms' limits and texts (issue 16, item 3; ADR 0051), free of Zod so the fields can
 * show them before the forms' schemas load (ADR 0010; hours-schema.ts holds the schemas). An
 * event lasts at most a day (the table's CHECK); a month of an ongoing activity counts at most
 * 200 hours, a full-time job's month with overtime (ADR 0070; the table's CHECK, 300, stays as a
 * backstop for rows written before). `declineMany`: the pending hours one "Recusar" may decline
 * at once, the page's length.
 */
export const HOURS_LIMITS = {
  eventMinutes: 24 * 60,
  monthMinutes: 200 * 60,
  text: 500,
  declineMany: 100,
};

export const HOURS_MESSAGES = {
  hoursRequired: "Informe as horas.",
  hoursInvalid: "Informe as horas como 4, 2,5 ou 2h30.",
  eventTooLong: "Um evento conta no máximo 24 horas por pessoa.",
  monthTooLong: "Um mês conta no máximo 200 horas.",
  zero: "As horas devem ser mais que zero.",
  monthRequired: "Informe o mês.",
  monthFuture: "O mês não pode estar no futuro.",
  /** "março de 2026": the month the application was accepted. */
  monthBeforeStart: (start: string) =>
    `O mês deve ser a partir de ${start}, quando a candidatura foi aceita.`,
  noneSelected: "Selecione as horas que quer recusar.",
  tooManySelected: "Recuse no máximo 100 registros de cada vez.",
  activityRequired: "Escolha a atividade.",
  descriptionRequired: "Conte o que você fez.",
  descriptionShort: "Conte o que você fez em pelo menos 3 caracteres.",
  descriptionLong: `A descrição deve ter no máximo ${HOURS_LIMITS.text} caracteres.`,
  reasonRequired: "Informe o motivo da recusa.",
  reasonShort: "O motivo deve ter pelo menos 3 caracteres.",
  reasonLong: `O motivo deve ter no máximo ${HOURS_LIMITS.text} caracteres.`,
  notFound: "Registro de horas não encontrado.",
  applicationNotFound: "Atividade não encontrada.",
  alreadyDecided:
    "A instituição já analisou as horas deste mês: elas não podem mais ser alteradas por você.",
  alreadyDecidedInstitution: "Estas horas já foram analisadas.",
  eventNotStarted: "As horas só podem ser confirmadas depois que o evento começa.",
  eventCancelled: "Este evento foi cancelado: não há horas a confirmar.",
  nobody: "Ninguém a confirmar: o evento não teve participantes confirmados.",
  unknownIntent: "Não foi possível entender o pedido. Tente de novo pelo botão da página.",
} as const;
