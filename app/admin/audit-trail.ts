import { isoDay } from "~/lib/zoned-day";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions";

/**
 * The audit section's filters (issue 14), as its URL carries them: `quem`, `acao`, `de`, `ate`.
 * Shared by the page, its GET form and the CSV export, so both read the same trail.
 *
 * Who acted is a search on the actor's name or e-mail, not a select of actors: actors are the
 * admins, but also every institution that changed its own record and every person who
 * downloaded their data, so the list grows with the users (thousands of options would make a
 * select useless and the page heavy). Entries without an actor carry a label instead of a name
 * ("O próprio titular da conta", "Administrador removido"); a search for words of that label
 * ("titular", "removido") finds them, so what the column shows is what the search finds.
 */
export interface AuditFilters {
  /** Part of the actor's name or e-mail, or of the label shown for an entry without actor. */
  person: string;
  action: AuditAction | "";
  /** 'AAAA-MM-DD' when it is a real day; otherwise the text as typed, which auditPeriod reports. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { person: "", action: "", from: "", to: "" };

/** docs/spec.md 9: searches up to 50 characters. */
const PERSON_MAX = 50;

/** 'AAAA-MM-DD' (a native date field) or 'dd/mm/aaaa' (typed by hand) to 'AAAA-MM-DD'. */
function readDay(value: string | null): string {
  const text = (value ?? "").trim().slice(0, 20);
  const typed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = typed
    ? `${typed[3]}-${typed[2]?.padStart(2, "0")}-${typed[1]?.padStart(2, "0")}`
    : text;
  return isoDay(iso) ?? text;
}

/** Unknown actions and stray text fall back to "all"; a bad date is kept for auditPeriod to name. */
export function parseAuditFilters(params: URLSearchParams): AuditFilters {
  const action = params.get("acao");
  return {
    person: (params.get("quem") ?? "").trim().slice(0, PERSON_MAX),
    action: AUDIT_ACTIONS.find((known) => known === action) ?? "",
    from: readDay(params.get("de")),
    to: readDay(params.get("ate")),
  };
}

/** Writes the filters that are set into `params` (the empty ones are left out of the URL). */
export function writeAuditFilters(params: URLSearchParams, filters: AuditFilters): void {
  if (filters.person) params.set("quem", filters.person);
  if (filters.action) params.set("acao", filters.action);
  if (filters.from) params.set("de", filters.from);
  if (filters.to) params.set("ate", filters.to);
}

export const hasAuditFilters = (filters: AuditFilters) =>
  Boolean(filters.person || filters.action || filters.from || filters.to);

export const AUDIT_CSV_PATH = "/admin/auditoria.csv";

/** The CSV export of the same filtered trail. */
export function auditCsvHref(filters: AuditFilters): string {
  const params = new URLSearchParams();
  writeAuditFilters(params, filters);
  const query = params.toString();
  return query ? `${AUDIT_CSV_PATH}?${query}` : AUDIT_CSV_PATH;
}

export type AuditPeriod =
  | { ok: true; from: string | null; to: string | null }
  | { ok: false; field: "de" | "ate"; message: string };

export const AUDIT_PERIOD_MESSAGES = {
  from: "Data inicial inválida. Use o formato dd/mm/aaaa.",
  to: "Data final inválida. Use o formato dd/mm/aaaa.",
  inverted: "A data final não pode ser anterior à data inicial.",
} as const;

const isDay = (value: string) => isoDay(value) !== null;

/** The period to filter by, both days included, or what is wrong with it. */
export function auditPeriod(filters: AuditFilters): AuditPeriod {
  if (filters.from && !isDay(filters.from)) {
    return { ok: false, field: "de", message: AUDIT_PERIOD_MESSAGES.from };
  }
  if (filters.to && !isDay(filters.to)) {
    return { ok: false, field: "ate", message: AUDIT_PERIOD_MESSAGES.to };
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    return { ok: false, field: "ate", message: AUDIT_PERIOD_MESSAGES.inverted };
  }
  return { ok: true, from: filters.from || null, to: filters.to || null };
}

/** What the "Tipo" of an entry reads as (the record the action touched). */
const TARGET_TYPE_LABELS: Record<string, string> = {
  institution: "Instituição",
  event: "Evento",
  volunteer: "Voluntário",
  user: "Conta",
  setting: "Configuração",
  settings: "Configuração",
  certificate: "Certificado",
  application: "Candidatura",
};

export const targetTypeLabel = (type: string) => TARGET_TYPE_LABELS[type] ?? type;
