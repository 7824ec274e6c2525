/** SPEC.md sections 2 and 8: the events list's texts, shown on the page and in its toasts. */
export const EVENT_LIST_MESSAGES = {
  empty: "Nenhum evento encontrado",
  failed: "Não foi possível obter os eventos com os filtros aplicados.",
  unexpected: "Erro inesperado ao buscar eventos.",
} as const;
