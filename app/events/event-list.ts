import type { CauseSlug } from "~/config/causes";

/**
 * The events list's filters as they appear in its URL
 * (`/eventos?busca=&uf=&cidade=&periodo=&de=&ate=&formato=&quando=&causa=`).
 */
export interface EventListQuery {
  busca: string;
  uf: string;
  cidade: string;
  /** "semana": this week (Monday to Sunday); "mes": this month; in Brasília time. */
  periodo: "" | EventListRange;
  /** A chosen range, 'AAAA-MM-DD', both ends included. */
  de: string;
  ate: string;
  /** "presencial" or "online"; a hybrid event is on both. */
  formato: "" | EventListFormat;
  /** Empty: upcoming events (the default); "passados": events already held. */
  quando: "" | "passados";
  /** Any of these causes; repeated in the URL (`causa=educacao&causa=saude`). */
  causa: CauseSlug[];
}

export type EventListRange = "semana" | "mes";
export type EventListFormat = "presencial" | "online";

export const EVENT_LIST_RANGES: { value: EventListRange; label: string }[] = [
  { value: "semana", label: "Esta semana" },
  { value: "mes", label: "Este mês" },
];

export const EVENT_LIST_FORMATS: { value: EventListFormat; label: string }[] = [
  { value: "presencial", label: "Presencial" },
  { value: "online", label: "Online" },
];

export const EVENTS_PATH = "/eventos";

/** docs/spec.md sections 2 and 8: the events list's texts, shown on the page and in its toasts. */
export const EVENT_LIST_MESSAGES = {
  empty: "Nenhum evento encontrado",
  failed: "Não foi possível obter os eventos com os filtros aplicados.",
  unexpected: "Erro inesperado ao buscar eventos.",
} as const;

/** How many of the events' panel filters are set (the search box and the tabs are not). */
export function countEventFilters(query: EventListQuery): number {
  return [query.uf, query.cidade, query.periodo, query.de || query.ate, query.formato].filter(
    Boolean,
  ).length;
}
