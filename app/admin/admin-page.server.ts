import { redirect } from "react-router";
import {
  type AdminQuery,
  adminHref,
  type Confirmation,
  type InstitutionTab,
  type Result,
} from "~/components/admin/admin-url";
import { log } from "~/lib/log.server";
import { listAuditEntries } from "./audit.server";
import { getDashboardCounts } from "./dashboard.server";
import { getEventDetails, listAdminEvents } from "./events.server";
import { getEventsPerMonth, getSignupsPerWeek, listReviewQueue } from "./insights.server";
import {
  getInstitutionDetails,
  getVolunteerDetails,
  listInstitutions,
  listVolunteers,
} from "./people.server";

/** SPEC.md 8 "Admin": what a section says when its data cannot be read. */
export const LOAD_ERRORS = {
  dashboard: "Não foi possível obter as informações do dashboard.",
  voluntarios: "Não foi possível obter as informações dos voluntários.",
  instituicoes: "Não foi possível obter as informações das instituições.",
  eventos: "Não foi possível obter as informações dos eventos.",
  auditoria: "Não foi possível obter o histórico de ações.",
  voluntario: "Erro ao carregar voluntário.",
  instituicao: "Não foi possível obter as informações da instituição.",
  evento: "Não foi possível obter as informações do evento.",
} as const;

/** SPEC.md 8: a failed refresh of the dashboard and a failed search have texts of their own. */
const REFRESH_ERROR = "Ocorreu um erro ao atualizar os dados.";
const SEARCH_ERRORS = {
  voluntarios: "Erro ao buscar voluntários. Tente novamente.",
  instituicoes: "Erro ao buscar instituições. Tente novamente.",
} as const;

function loadErrorText(query: AdminQuery): string {
  if (query.section === "dashboard" && query.refresh) return REFRESH_ERROR;
  if ((query.section === "voluntarios" || query.section === "instituicoes") && query.search) {
    return SEARCH_ERRORS[query.section];
  }
  return LOAD_ERRORS[query.section];
}

async function loadSection(query: AdminQuery) {
  switch (query.section) {
    case "dashboard": {
      const [counts, queue, signups, eventsPerMonth] = await Promise.all([
        getDashboardCounts(),
        listReviewQueue(),
        getSignupsPerWeek(),
        getEventsPerMonth(),
      ]);
      return { section: "dashboard" as const, counts, queue, signups, eventsPerMonth };
    }
    case "voluntarios":
      return {
        section: "voluntarios" as const,
        list: await listVolunteers({ page: query.page, search: query.search }),
        target: query.id ? await getVolunteerDetails(query.id) : null,
      };
    case "instituicoes":
      return {
        section: "instituicoes" as const,
        list: await listInstitutions({
          page: query.page,
          search: query.search,
          pendingOnly: query.tab === "pendentes",
        }),
        target: query.id ? await getInstitutionDetails(query.id) : null,
      };
    case "eventos":
      return {
        section: "eventos" as const,
        events: await listAdminEvents(),
        target: query.id ? await getEventDetails(query.id) : null,
      };
    case "auditoria":
      return { section: "auditoria" as const, audit: await listAuditEntries(query.page) };
    case "voluntario": {
      const record = query.id ? await getVolunteerDetails(query.id) : null;
      if (!record) throw missing("voluntarios", query.tab);
      return { section: "voluntario" as const, record };
    }
    case "instituicao": {
      const record = query.id ? await getInstitutionDetails(query.id) : null;
      if (!record) throw missing("instituicoes", query.tab);
      return { section: "instituicao" as const, record };
    }
    case "evento": {
      const record = query.id ? await getEventDetails(query.id) : null;
      if (!record) throw missing("eventos", query.tab);
      return { section: "evento" as const, record };
    }
  }
}

/** A record that is gone (or never was) sends the admin back to its list with the spec's text. */
function missing(list: "voluntarios" | "instituicoes" | "eventos", tab: InstitutionTab) {
  const kind = { voluntarios: "voluntario", instituicoes: "instituicao", eventos: "evento" }[list];
  return redirect(`${adminHref({ section: list, tab })}&erro=${kind}`);
}

export type SectionData = Awaited<ReturnType<typeof loadSection>>;

export async function loadAdminPage(
  query: AdminQuery,
  errorCode: string | null,
): Promise<{ data: SectionData | null; error: string | null }> {
  const pendingError =
    errorCode === "voluntario" || errorCode === "instituicao" || errorCode === "evento"
      ? LOAD_ERRORS[errorCode]
      : null;
  try {
    return { data: await loadSection(query), error: pendingError };
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error({ err: error, section: query.section }, "admin section failed to load");
    return { data: null, error: loadErrorText(query) };
  }
}

export type { Confirmation, Result };
