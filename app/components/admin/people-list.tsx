import { Form, Link } from "react-router";
import { type AdminQuery, adminHref, listHref } from "~/admin/admin-url";
import type { PersonPage } from "~/admin/people.server";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { countText } from "~/lib/count-text";
import { buttonStyles } from "../ui/button-styles";
import { cx } from "../ui/class-names";
import { EmailText } from "../ui/email-text";
import { EyeIcon, SearchIcon, TrashIcon } from "../ui/icons";
import { TextInput } from "../ui/text-input";
import { DataTable } from "./data-table";
import { Pagination } from "./pagination";
import { SectionHeader } from "./section-header";

/**
 * Voluntários and Instituições (docs/spec.md 2): search by name or e-mail, a table Nome / Email with
 * view and delete, the count text and pages of 10. Institutions add the Pendentes / Todos tabs.
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
  const pendingTab = institutions && query.tab === "pendentes";
  const totalPages = Math.ceil(list.total / ADMIN_PAGE_SIZE);
  const hidden: Record<string, string> = { secao: kind };
  if (institutions && query.tab === "todos") hidden.aba = "todos";
  const detail = kind === "voluntarios" ? "voluntario" : "instituicao";
  const noun = kind === "voluntarios" ? "voluntário" : "instituição";
  const emptyText =
    pendingTab && !query.search ? "Nenhum cadastro pendente" : "Nenhum registro encontrado";
  return (
    <section aria-labelledby="titulo-secao">
      <SectionHeader title={institutions ? "Instituições" : "Voluntários"} hidden={hidden} />
      {institutions ? <InstitutionTabs query={query} /> : null}
      <Form
        method="get"
        action="/admin/dashboard"
        role="search"
        className="mt-5 flex flex-wrap items-end gap-3"
        preventScrollReset
      >
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <TextInput
          name="busca"
          type="search"
          label="Buscar"
          placeholder="Buscar por nome ou e-mail"
          defaultValue={query.search}
          key={`${kind}-${query.tab}-${query.search}`}
          maxLength={50}
          icon={<SearchIcon />}
          className="min-w-0 flex-1 basis-64"
        />
        <button type="submit" className={buttonStyles({ variant: "secondary", size: "md" })}>
          Buscar
        </button>
      </Form>
      <DataTable
        caption={`${institutions ? "Instituições" : "Voluntários"}, página ${query.page} de ${Math.max(1, totalPages)}`}
        columns={["Nome", "~E-mail", "Ações>"]}
        countText={
          pendingTab
            ? countText(list.total, "cadastro pendente", "cadastros pendentes")
            : countText(list.total, "cadastro", "cadastros")
        }
        emptyText={emptyText}
        isEmpty={list.rows.length === 0}
      >
        {list.rows.map((row) => (
          <tr key={row.id} className="border-b border-line last:border-0">
            <td className="px-4 py-3 font-semibold text-ink">
              {row.name}
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

/** Switching tab drops the search and the page (docs/spec.md 2). */
function InstitutionTabs({ query }: { query: AdminQuery }) {
  const tabs = [
    { tab: "pendentes" as const, label: "Pendentes" },
    { tab: "todos" as const, label: "Todos" },
  ];
  return (
    <nav aria-label="Filtro de cadastros" className="mt-5">
      <ul className="inline-flex rounded-xl border border-line bg-white p-1">
        {tabs.map((item) => (
          <li key={item.tab}>
            <Link
              to={adminHref({ section: "instituicoes", tab: item.tab })}
              aria-current={query.tab === item.tab ? "page" : undefined}
              preventScrollReset
              className={cx(
                "flex min-h-10 items-center rounded-lg px-4 text-sm font-semibold focus-ring",
                query.tab === item.tab ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50",
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
