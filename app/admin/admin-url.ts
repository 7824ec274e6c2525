import { asSearchText } from "~/lib/plain-text";
import { isUuid } from "~/lib/uuid";
import { type AuditFilters, parseAuditFilters, writeAuditFilters } from "./audit-trail";

/**
 * The admin area is one page (docs/spec.md 2) whose state lives in the query string, so reload, back
 * and a shared link return to the same section and record, with or without JavaScript.
 */

export const SECTIONS = [
  "dashboard",
  "voluntarios",
  "instituicoes",
  "eventos",
  "auditoria",
  "voluntario",
  "instituicao",
  "evento",
] as const;
export type Section = (typeof SECTIONS)[number];

export type MenuSection = "dashboard" | "voluntarios" | "instituicoes" | "eventos" | "auditoria";

/** A details section keeps its list highlighted in the menu. */
export const PARENT: Record<Section, MenuSection> = {
  dashboard: "dashboard",
  voluntarios: "voluntarios",
  instituicoes: "instituicoes",
  eventos: "eventos",
  auditoria: "auditoria",
  voluntario: "voluntarios",
  instituicao: "instituicoes",
  evento: "eventos",
};

export const CONFIRMATIONS = [
  "aprovar",
  "reprovar",
  "reabrir",
  "excluir",
  "resetar",
  "aprovar-nome",
  "recusar-nome",
] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

export const RESULTS = [
  "aprovado",
  "reprovado",
  "reaberto",
  "nome-aprovado",
  "nome-recusado",
  "configuracao-salva",
  "excluido",
  "voluntario-excluido",
  "instituicao-excluida",
  "senha-enviada",
] as const;
export type Result = (typeof RESULTS)[number];

/** The institutions list by status (issue 14); "todas" counts what the dashboard counts. */
export const INSTITUTION_TABS = ["pendentes", "aprovadas", "reprovadas", "todas"] as const;
export type InstitutionTab = (typeof INSTITUTION_TABS)[number];

/** The events list's filters (issue 14): by status and by date; the first of each is the default. */
export const EVENT_STATUSES = [
  "pendentes",
  "publicados",
  "reprovados",
  "excluidos",
  "todos",
] as const;
export type EventStatusFilter = (typeof EVENT_STATUSES)[number];
export const EVENT_PERIODS = ["proximos", "passados", "todos"] as const;
export type EventPeriod = (typeof EVENT_PERIODS)[number];

export interface AdminQuery {
  section: Section;
  page: number;
  search: string;
  tab: InstitutionTab;
  id: string | null;
  confirm: Confirmation | null;
  result: Result | null;
  /** The section was reloaded with "Atualizar" (a failure then reads as a failed refresh). */
  refresh: boolean;
  /** The audit section's filters (`quem`, `acao`, `de`, `ate`: app/admin/audit-trail.ts). */
  audit: AuditFilters;
  eventStatus: EventStatusFilter;
  eventPeriod: EventPeriod;
}

/** docs/spec.md 9: search up to 50 characters. */
const SEARCH_MAX = 50;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** Unknown or malformed values fall back to defaults rather than failing the page. */
export function parseAdminQuery(params: URLSearchParams): AdminQuery {
  const page = Number.parseInt(params.get("pagina") ?? "1", 10);
  const id = params.get("id");
  return {
    section: oneOf(SECTIONS, params.get("secao")) ?? "dashboard",
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
    // A search drops what the text rule refuses instead of refusing it (ADR 0066).
    search: asSearchText(params.get("busca") ?? "")
      .slice(0, SEARCH_MAX)
      .trim(),
    // "todos" was the tab's name before issue 14: old links keep working.
    tab:
      params.get("aba") === "todos"
        ? "todas"
        : (oneOf(INSTITUTION_TABS, params.get("aba")) ?? "pendentes"),
    id: id && isUuid(id) ? id.toLowerCase() : null,
    confirm: oneOf(CONFIRMATIONS, params.get("confirmar")),
    result: oneOf(RESULTS, params.get("resultado")),
    refresh: params.get("atualizar") === "1",
    audit: parseAuditFilters(params),
    eventStatus: oneOf(EVENT_STATUSES, params.get("situacao")) ?? "pendentes",
    eventPeriod: oneOf(EVENT_PERIODS, params.get("periodo")) ?? "proximos",
  };
}

export interface AdminHrefInput {
  section: Section;
  page?: number;
  search?: string;
  tab?: InstitutionTab;
  id?: string | null;
  confirm?: Confirmation;
  result?: Result;
  audit?: AuditFilters;
  eventStatus?: EventStatusFilter;
  eventPeriod?: EventPeriod;
}

export function adminHref(input: AdminHrefInput): string {
  const params = new URLSearchParams({ secao: input.section });
  if (input.section.startsWith("instituic") && input.tab && input.tab !== "pendentes") {
    params.set("aba", input.tab);
  }
  // The events list and a detail opened from it carry the list's filters (so "Voltar" returns).
  if (input.section.startsWith("evento")) {
    if (input.eventStatus && input.eventStatus !== "pendentes") {
      params.set("situacao", input.eventStatus);
    }
    if (input.eventPeriod && input.eventPeriod !== "proximos") {
      params.set("periodo", input.eventPeriod);
    }
  }
  if (input.search) params.set("busca", input.search);
  if (input.page && input.page > 1) params.set("pagina", String(input.page));
  if (input.id) params.set("id", input.id);
  if (input.confirm) params.set("confirmar", input.confirm);
  if (input.result) params.set("resultado", input.result);
  if (input.section === "auditoria" && input.audit) writeAuditFilters(params, input.audit);
  return `/admin/dashboard?${params.toString()}`;
}

/** The current list (section, tab, search, page) without any dialog. */
export function listHref(query: AdminQuery, extra: Partial<AdminHrefInput> = {}): string {
  return adminHref({
    section: query.section,
    tab: query.tab,
    search: query.search,
    page: query.page,
    eventStatus: query.eventStatus,
    eventPeriod: query.eventPeriod,
    id: ["voluntario", "instituicao", "evento"].includes(query.section) ? query.id : null,
    audit: query.audit,
    ...extra,
  });
}

/**
 * Where an action's redirect to the events list lands: the list as the admin left it (filters,
 * search and page of the address the confirmation was posted from). Other targets are unchanged.
 */
export function keepEventListState(location: string, from: AdminQuery): string {
  const target = parseAdminQuery(new URL(location, "http://admin").searchParams);
  if (target.section !== "eventos" || !from.section.startsWith("evento")) return location;
  return adminHref({
    section: "eventos",
    eventStatus: from.eventStatus,
    eventPeriod: from.eventPeriod,
    search: from.search,
    page: from.page,
    result: target.result ?? undefined,
  });
}
