import { auditCsvFilename, auditCsvStream } from "~/admin/audit-csv.server";
import { auditPeriod, parseAuditFilters } from "~/admin/audit-trail";
import { csvDownload, plainTextAnswer } from "~/lib/csv.server";
import type { Route } from "./+types/admin.auditoria.csv";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * "Exportar CSV" of the audit section (issue 14): the trail with the section's filters (`quem`,
 * `acao`, `de`, `ate`), all of it, streamed from the database in batches. The _admin layout
 * guards it. A bad period (only a hand-made link has one: the page offers no link then) is a
 * 400 with the section's message.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const filters = parseAuditFilters(url.searchParams);
  const period = auditPeriod(filters);
  if (!period.ok) return plainTextAnswer(period.message, 400);
  return csvDownload(auditCsvFilename(), () => auditCsvStream(filters), {
    what: "audit export failed to start",
    message: "Não foi possível exportar o histórico de ações. Tente novamente.",
  });
}
