import { auditCsvFilename, auditCsvStream } from "~/admin/audit-csv.server";
import { auditPeriod, parseAuditFilters } from "~/admin/audit-trail";
import { csvHeaders } from "~/lib/csv.server";
import { log } from "~/lib/log.server";
import type { Route } from "./+types/admin.auditoria.csv";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/**
 * "Exportar CSV" of the audit section (issue 14): the trail with the section's filters (`quem`,
 * `acao`, `de`, `ate`), all of it, streamed from the database in batches. The _admin layout
 * guards it. A bad period (only a hand-made link has one: the page offers no link then) is a
 * 400 with the section's message.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const period = auditPeriod(filters);
  if (!period.ok) {
    return new Response(period.message, {
      status: 400,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
  try {
    return new Response(await auditCsvStream(filters), {
      headers: csvHeaders(auditCsvFilename()),
    });
  } catch (error) {
    log.error({ err: error }, "audit export failed to start");
    return new Response("Não foi possível exportar o histórico de ações. Tente novamente.", {
      status: 500,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "private, no-store",
      },
    });
  }
}
