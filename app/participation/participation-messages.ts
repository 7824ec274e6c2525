/** What a person reads about taking part in an event (pt-BR, issue 15). */
export const PARTICIPATION_MESSAGES = {
  eventNotFound: "Evento não encontrado.",
  eventStarted: "Este evento já começou: não é mais possível entrar ou sair da lista.",
  volunteersOnly: "Somente voluntários podem participar de eventos.",
  notTakingPart: "Você não está inscrito neste evento.",
  confirmed: "Presença confirmada! Você está inscrito neste evento.",
  waitlisted:
    "As vagas estão preenchidas: você entrou na lista de espera e será avisado por e-mail se uma vaga abrir.",
  cancelled: "Sua participação foi cancelada.",
  removed: "A instituição retirou sua inscrição deste evento.",
  eventCancelled: "Este evento foi cancelado: a lista de participantes não pode mais mudar.",
  participantNotFound: "Esta pessoa não está mais na lista do evento.",
  nobodyToMessage: "Ninguém a quem enviar: o evento ainda não tem participantes confirmados.",
  unknownIntent: "Não foi possível entender o pedido. Tente de novo pelo botão da página.",
} as const;
