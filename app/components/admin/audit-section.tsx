import { type AdminQuery, listHref } from "~/admin/admin-url";
import { auditCsvHref, hasAuditFilters, writeAuditFilters } from "~/admin/audit-trail";
import type { AuditPage } from "~/admin/audit-trail.server";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { countText } from "~/lib/count-text";
import { buttonStyles } from "../ui/button-styles";
import { DownloadIcon } from "../ui/icons-more";
import { AuditEntries } from "./audit-entries";
import { AuditFiltersForm } from "./audit-filters-form";
import { Pagination } from "./pagination";
import { SectionHeader } from "./section-header";

/**
 * Who did what to which record, and when (issue 14): filters by who acted, the action and a
 * period, pages of 10, and the filtered trail as CSV. "Atualizar" keeps the filters: the point
 * of refreshing the trail is to see what happened since, in the same view.
 */
export function AuditSection({ audit, query }: { audit: AuditPage; query: AdminQuery }) {
  const filters = query.audit;
  const filtered = hasAuditFilters(filters);
  const totalPages = Math.ceil(audit.total / ADMIN_PAGE_SIZE);
  const refresh = new URLSearchParams({ secao: "auditoria" });
  writeAuditFilters(refresh, filters);
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader
        title="Auditoria"
        description="Cada alteração feita por administradores e instituições (e cada conta excluída pelo próprio titular), da mais recente para a mais antiga."
        hidden={Object.fromEntries(refresh)}
      />
      <AuditFiltersForm filters={filters} problem={audit.problem} />
      {audit.problem ? (
        <p className="mt-6 rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
          Corrija o período para ver o histórico.
        </p>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-semibold text-ink-muted">
              {countText(audit.total, "registro", "registros")}
            </p>
            {audit.total > 0 ? (
              // A file download, not a page: the browser fetches it itself.
              <a
                href={auditCsvHref(filters)}
                download
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <DownloadIcon className="size-5" />
                Exportar CSV
              </a>
            ) : null}
          </div>
          {audit.entries.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-line bg-white p-8 text-center text-ink-muted">
              {filtered
                ? "Nenhuma ação encontrada com esses filtros."
                : "Nenhum registro encontrado"}
            </p>
          ) : (
            <AuditEntries
              entries={audit.entries}
              caption={`Histórico de ações, página ${query.page} de ${Math.max(1, totalPages)}`}
            />
          )}
          <Pagination
            page={query.page}
            totalPages={totalPages}
            hrefFor={(page) => listHref(query, { page })}
          />
        </>
      )}
    </section>
  );
}
