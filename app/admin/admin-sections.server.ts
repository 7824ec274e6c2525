import type { AdminQuery } from "~/admin/admin-url";
import { AppError } from "~/lib/app-error";
import { listAuditEntries } from "./audit-trail.server";
import { getBackupStatus } from "./backup-status.server";
import { getDashboardCounts } from "./dashboard.server";
import { getEventDetails, listAdminEvents } from "./events.server";
import { getEventsPerMonth, getSignupsPerWeek, listReviewQueue } from "./insights.server";
import {
  getInstitutionDetails,
  getVolunteerDetails,
  listInstitutions,
  listVolunteers,
} from "./people.server";
import { getSettings } from "./settings.server";

/**
 * What one section of the admin panel shows, read for the parsed query. A record section whose
 * record is gone (or never was) throws AppError "not-found".
 */
export async function loadAdminSection(query: AdminQuery) {
  switch (query.section) {
    case "dashboard": {
      const [counts, queue, signups, eventsPerMonth, backups] = await Promise.all([
        getDashboardCounts(),
        listReviewQueue(),
        getSignupsPerWeek(),
        getEventsPerMonth(),
        getBackupStatus(),
      ]);
      return { section: "dashboard" as const, counts, queue, signups, eventsPerMonth, backups };
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
          tab: query.tab,
        }),
        target: query.id ? await getInstitutionDetails(query.id) : null,
      };
    case "eventos":
      return {
        section: "eventos" as const,
        list: await listAdminEvents({
          page: query.page,
          search: query.search,
          status: query.eventStatus,
          period: query.eventPeriod,
        }),
        target: query.id ? await getEventDetails(query.id) : null,
        settings: await getSettings(),
      };
    case "auditoria":
      return {
        section: "auditoria" as const,
        audit: await listAuditEntries({ page: query.page, filters: query.audit }),
      };
    case "voluntario": {
      const record = query.id ? await getVolunteerDetails(query.id) : null;
      if (!record) throw new AppError("not-found");
      return { section: "voluntario" as const, record };
    }
    case "instituicao": {
      const record = query.id ? await getInstitutionDetails(query.id) : null;
      if (!record) throw new AppError("not-found");
      return { section: "instituicao" as const, record };
    }
    case "evento": {
      const record = query.id ? await getEventDetails(query.id) : null;
      if (!record) throw new AppError("not-found");
      return { section: "evento" as const, record };
    }
  }
}

export type SectionData = Awaited<ReturnType<typeof loadAdminSection>>;
