/**
 * How much mail one address receives and one account causes (ADR 0068). Counted over the
 * outbox's own rows, so every kind and every path is inside the same numbers.
 */
export const EMAIL_BUDGET = {
  /** Messages that are not strictly transactional, to one address, from everyone together. */
  recipientPerHour: 10,
  recipientPerDay: 30,
  /** Everything one account's actions cause in a day, by its profile. */
  senderPerDay: { VOLUNTEER: 20, INSTITUTION: 500 } as Record<string, number>,
} as const;

/** What the person acting reads when their action would send mail past their budget. */
export const EMAIL_BUDGET_MESSAGE =
  "Você atingiu o limite de e-mails que suas ações podem enviar por hoje. Tente novamente amanhã.";
