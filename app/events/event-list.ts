/** The events list's filters as they appear in its URL (`/eventos?busca=&uf=&cidade=&quando=`). */
export interface EventListQuery {
  busca: string;
  uf: string;
  cidade: string;
  /** Empty: upcoming events (the default); "passados": events already held. */
  quando: "" | "passados";
}

export const EVENTS_PATH = "/eventos";

/** docs/spec.md sections 2 and 8: the events list's texts, shown on the page and in its toasts. */
export const EVENT_LIST_MESSAGES = {
  empty: "Nenhum evento encontrado",
  failed: "Não foi possível obter os eventos com os filtros aplicados.",
  unexpected: "Erro inesperado ao buscar eventos.",
} as const;
