import { MAX_LENGTH, PUBLIC_PAGE_SIZE } from "~/config/constants";
import { isValidUf, resolveMunicipality } from "~/geo/localities.server";
import { asSearchText } from "~/lib/plain-text";
import type { ListPage } from "./list-page";

/** Deeper pages are refused: nobody scrolls 50 000 cards, and huge offsets cost the database. */
const MAX_PAGE = 2500;

/**
 * `busca`: at most 50 characters (docs/spec.md section 5), as one clean line (ADR 0066): control
 * characters (a NUL byte, which PostgreSQL refuses in text) count as spaces, inner spaces
 * collapsed, bidirectional controls dropped, NFC, trimmed.
 */
export function readSearch(params: URLSearchParams): string {
  return asSearchText(params.get("busca") ?? "")
    .slice(0, MAX_LENGTH.search)
    .trim();
}

/** `pagina`: a whole number from 1; anything else is page 1. */
export function readPage(params: URLSearchParams): number {
  const page = Number(params.get("pagina"));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/**
 * `uf` and `cidade`: a known state, and one of its municipalities as IBGE spells it. Without
 * JavaScript the city is typed, so "sao paulo" becomes "São Paulo"; an unknown one is dropped.
 */
export function readLocation(params: URLSearchParams): { uf: string; city: string } {
  const uf = (params.get("uf") ?? "").trim().toUpperCase();
  if (!isValidUf(uf)) return { uf: "", city: "" };
  const typed = (params.get("cidade") ?? "").trim();
  return { uf, city: typed ? (resolveMunicipality(uf, typed) ?? "") : "" };
}

/** LIMIT and OFFSET of a page: one row more than shown, to know whether another page follows. */
export function pageWindow(page: number): { limit: number; offset: number } {
  return { limit: PUBLIC_PAGE_SIZE + 1, offset: (page - 1) * PUBLIC_PAGE_SIZE };
}

export function toListPage<T>(rows: T[], page: number): ListPage<T> {
  return {
    items: rows.slice(0, PUBLIC_PAGE_SIZE),
    page,
    hasMore: rows.length > PUBLIC_PAGE_SIZE,
  };
}
