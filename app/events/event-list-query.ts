/** The events list's filters as they appear in its URL (`/eventos?busca=&uf=&cidade=&quando=`). */
export interface EventListQuery {
  busca: string;
  uf: string;
  cidade: string;
  /** Empty: upcoming events (the default); "passados": events already held. */
  quando: "" | "passados";
}

export const EVENTS_PATH = "/eventos";
