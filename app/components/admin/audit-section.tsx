import { adminHref } from "~/admin/admin-url";
import type { AuditEntry } from "~/admin/audit.server";
import { AUDIT_ACTION_LABELS } from "~/admin/audit-actions";
import { ADMIN_PAGE_SIZE, BRAZIL_TIME_ZONE } from "~/config/constants";
import { countText } from "~/lib/count-text";
import { DataTable } from "./data-table";
import { Pagination } from "./pagination";
import { SectionHeader } from "./section-header";

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: BRAZIL_TIME_ZONE,
});

/** Who did what to which record, and when: newest first. */
export function AuditSection({
  audit,
  page,
}: {
  audit: { entries: AuditEntry[]; total: number };
  page: number;
}) {
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader
        title="Auditoria"
        description="Cada ação administrativa (e cada conta excluída pelo próprio titular), da mais recente para a mais antiga."
        hidden={{ secao: "auditoria" }}
      />
      <DataTable
        caption="Histórico de ações administrativas"
        columns={["Quando", "Quem", "Ação", "Registro"]}
        countText={countText(audit.total, "registro", "registros")}
        emptyText="Nenhum registro encontrado"
        isEmpty={audit.entries.length === 0}
      >
        {audit.entries.map((entry) => (
          <tr key={entry.id} className="border-b border-line last:border-0">
            <td className="px-4 py-3 whitespace-nowrap">{WHEN.format(new Date(entry.at))}</td>
            <td className="px-4 py-3">{entry.actor}</td>
            <td className="px-4 py-3 font-semibold">
              {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
            </td>
            <td className="px-4 py-3">
              {entry.targetName || "—"}
              <span className="block text-xs text-ink-muted">{entry.targetId}</span>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={page}
        totalPages={Math.ceil(audit.total / ADMIN_PAGE_SIZE)}
        hrefFor={(target) => adminHref({ section: "auditoria", page: target })}
      />
    </section>
  );
}
