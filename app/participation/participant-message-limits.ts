/**
 * "Enviar mensagem aos participantes" limits, free of Zod for the form's fields (ADR 0010): a
 * subject fits an inbox line; a message fits a screen or two of an e-mail.
 */
export const MESSAGE_LIMITS = { subjectMin: 3, subject: 120, messageMin: 10, message: 3000 };
