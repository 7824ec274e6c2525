/** SPEC.md sections 2 and 8: the directory's texts, shown on the page and in its toasts. */
export const DIRECTORY_MESSAGES = {
  empty: "Nenhuma instituição encontrada",
  failed: "Não foi possível obter as instituições com os filtros aplicados.",
  unexpected: "Erro inesperado ao buscar instituições.",
} as const;
