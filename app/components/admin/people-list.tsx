import { Link } from "react-router";
import {
  type AdminQuery,
  adminHref,
  INSTITUTION_TABS,
  type InstitutionTab,
  listHref,
} from "~/admin/admin-url";
import type { InstitutionMark, PersonPage } from "~/admin/people.server";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { countText, groupThousands } from "~/lib/count-text";
import { cx } from "../ui/class-names";
import { EmailText } from "../ui/email-text";
import { EyeIcon, TrashIcon } from "../ui/icons";
import { AdminSearchForm } from "./admin-search-form";
import { DataTable } from "./data-table";
import { Pagination } from "./pagination";
import { SectionHeader } from "./section-header";

/**
 * Voluntários and Instituições (docs/spec.md 2): search by name or e-mail, a table Nome / Email with
 * view and delete, the count text and pages of 10. Institutions add the
 * Pendentes / Aprovadas / Reprovadas / Todas tabs.
 */
export function PeopleList({
  kind,
  query,
  list,
}: {
  kind: "voluntarios" | "instituicoes";
  query: AdminQuery;
  list: PersonPage;
}) {
  const institutions = kind === "instituicoes";
  const totalPages = Math.ceil(list.total / ADMIN_PAGE_SIZE);
  const hidden: Record<string, string> = { secao: kind };
  if (institutions && query.tab !== "pendentes") hidden.aba = query.tab;
  const detail = kind === "voluntarios" ? "voluntario" : "instituicao";
  const noun = kind === "voluntarios" ? "voluntário" : "instituição";
  const tab = institutions ? TABS[query.tab] : null;
  const emptyText = tab && !query.search ? tab.empty : "Nenhum registro encontrado";
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader title={institutions ? "Instituições" : "Voluntários"} hidden={hidden} />
      {institutions && list.tabCounts ? (
        <InstitutionTabs query={query} counts={list.tabCounts} />
      ) : null}
      <AdminSearchForm
        hidden={hidden}
        search={query.search}
        placeholder="Buscar por nome ou e-mail"
        className="mt-5 flex flex-wrap items-end gap-3"
        fieldClassName="min-w-0 flex-1 basis-64"
      />
      <DataTable
        caption={`${institutions ? "Instituições" : "Voluntários"}, página ${query.page} de ${Math.max(1, totalPages)}`}
        columns={["Nome", "~E-mail", "Ações>"]}
        countText={
          tab
            ? countText(list.total, tab.singular, tab.plural)
            : countText(list.total, "cadastro", "cadastros")
        }
        emptyText={emptyText}
        isEmpty={list.rows.length === 0}
      >
        {list.rows.map((row) => (
          <tr key={row.id} className="border-b border-line last:border-0">
            <td className="px-4 py-3 font-semibold break-words text-ink">
              {row.name}
              {row.marks?.length ? <Marks marks={row.marks} /> : null}
              {/* Phones have no room for a second column: the e-mail goes under the name. */}
              <EmailText email={row.email} className="block font-normal text-ink-muted sm:hidden" />
            </td>
            <td className="hidden px-4 py-3 text-ink-muted sm:table-cell">
              <EmailText email={row.email} />
            </td>
            <td className="px-4 py-2">
              <div className="flex justify-end gap-1">
                <Link
                  to={adminHref({ section: detail, id: row.id, tab: query.tab })}
                  aria-label={`Visualizar ${row.name}`}
                  title="Visualizar"
                  className={iconAction("text-brand-800 hover:bg-brand-50")}
                >
                  <EyeIcon className="size-5" />
                </Link>
                <Link
                  to={listHref(query, { id: row.id, confirm: "excluir" })}
                  preventScrollReset
                  aria-label={`Excluir ${noun} ${row.name}`}
                  title="Excluir"
                  className={iconAction("text-danger-700 hover:bg-danger-50")}
                >
                  <TrashIcon className="size-5" />
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination
        page={query.page}
        totalPages={totalPages}
        hrefFor={(page) => listHref(query, { page })}
      />
    </section>
  );
}

const iconAction = (tone: string) =>
  cx("flex size-11 items-center justify-center rounded-lg focus-ring", tone);

/** The institutions tabs: label, the count's words and the empty list's text. */
const TABS: Record<
  InstitutionTab,
  { label: string; singular: string; plural: string; empty: string }
> = {
  pendentes: {
    label: "Pendentes",
    singular: "cadastro pendente",
    plural: "cadastros pendentes",
    empty: "Nenhum cadastro pendente",
  },
  aprovadas: {
    label: "Aprovadas",
    singular: "instituição aprovada",
    plural: "instituições aprovadas",
    empty: "Nenhuma instituição aprovada",
  },
  reprovadas: {
    label: "Reprovadas",
    singular: "instituição reprovada",
    plural: "instituições reprovadas",
    empty: "Nenhuma instituição reprovada",
  },
  todas: {
    label: "Todas",
    singular: "instituição",
    plural: "instituições",
    empty: "Nenhuma instituição cadastrada",
  },
};

/**
 * Switching tab drops the search and the page (docs/spec.md 2). Each tab shows how many records
 * it holds (for the current search); "Todas" is the dashboard's count.
 */
function InstitutionTabs({
  query,
  counts,
}: {
  query: AdminQuery;
  counts: Record<InstitutionTab, number>;
}) {
  return (
    <nav aria-label="Filtro de cadastros" className="mt-5">
      <ul className="flex flex-wrap gap-1 rounded-xl border border-line bg-white p-1 sm:inline-flex">
        {INSTITUTION_TABS.map((tab) => (
          <li key={tab} className="grow sm:grow-0">
            <Link
              to={adminHref({ section: "instituicoes", tab })}
              aria-current={query.tab === tab ? "page" : undefined}
              preventScrollReset
              className={cx(
                "flex min-h-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold focus-ring",
                query.tab === tab ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50",
              )}
            >
              {TABS[tab].label}
              <span className={query.tab === tab ? "text-white/90" : "text-ink-muted"}>
                ({groupThousands(counts[tab])})
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const MARK_LABELS: Record<InstitutionMark, { label: string; tone: string }> = {
  reenviado: { label: "Reenviado", tone: "bg-accent-50 text-accent-700 ring-1 ring-accent-300" },
  "novo-nome": {
    label: "Novo nome em análise",
    tone: "bg-accent-50 text-accent-700 ring-1 ring-accent-300",
  },
  pendente: { label: "Pendente", tone: "bg-surface text-ink ring-1 ring-line" },
  aprovada: { label: "Aprovada", tone: "bg-success-50 text-success-700" },
  reprovada: { label: "Reprovada", tone: "bg-danger-50 text-danger-700" },
};

function Marks({ marks }: { marks: InstitutionMark[] }) {
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {marks.map((mark) => (
        <span
          key={mark}
          className={cx("rounded-full px-2 py-0.5 text-xs font-bold", MARK_LABELS[mark].tone)}
        >
          {MARK_LABELS[mark].label}
        </span>
      ))}
    </span>
  );
}
