import type { CauseSlug } from "~/config/causes";
import { VOLUNTEERING_TYPE_LABELS, type VolunteeringTypeLabel } from "~/config/constants";

/**
 * The directory's filters as they appear in its URL
 * (`/instituicoes?busca=&uf=&cidade=&tipo=&causa=&causa=`).
 */
export interface DirectoryQuery {
  busca: string;
  uf: string;
  cidade: string;
  tipo: VolunteeringTypeLabel | "";
  /** Any of these causes; repeated in the URL. */
  causa: CauseSlug[];
}

export const DIRECTORY_PATH = "/instituicoes";

export function isVolunteeringTypeLabel(value: string): value is VolunteeringTypeLabel {
  return (VOLUNTEERING_TYPE_LABELS as string[]).includes(value);
}

/** docs/spec.md sections 2 and 8: the directory's texts, shown on the page and in its toasts. */
export const DIRECTORY_MESSAGES = {
  empty: "Nenhuma instituição encontrada",
  failed: "Não foi possível obter as instituições com os filtros aplicados.",
  unexpected: "Erro inesperado ao buscar instituições.",
} as const;
