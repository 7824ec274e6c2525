import { Form, Link } from "react-router";
import { adminHref } from "~/admin/admin-url";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from "~/admin/audit-actions";
import { type AuditFilters, auditPeriod, hasAuditFilters } from "~/admin/audit-trail";
import { buttonStyles } from "../ui/button-styles";
import { SearchIcon } from "../ui/icons";
import { SelectField } from "../ui/select-field";
import { TextInput } from "../ui/text-input";

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({
  value: action,
  label: AUDIT_ACTION_LABELS[action],
}));

/**
 * The audit's filters: a GET form, so they live in the URL (`quem`, `acao`, `de`, `ate`) and work
 * without JavaScript; sending it starts again from page 1. A wrong period is said on its field.
 */
export function AuditFiltersForm({
  filters,
  problem,
}: {
  filters: AuditFilters;
  problem: string | null;
}) {
  const period = auditPeriod(filters);
  const errorOn = (field: "de" | "ate") => (!period.ok && period.field === field ? problem : null);
  // A new URL gives fresh fields (defaultValue is read once per mount).
  const key = JSON.stringify(filters);
  return (
    <Form
      method="get"
      action="/admin/dashboard"
      role="search"
      aria-label="Filtrar o histórico"
      className="mt-5 rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5"
      preventScrollReset
      key={key}
    >
      <input type="hidden" name="secao" value="auditoria" />
      <div className="grid gap-4 md:grid-cols-2">
        <TextInput
          name="quem"
          type="search"
          label="Quem"
          placeholder="Nome ou e-mail"
          hint="Também “titular” ou “removido”, para ações sem administrador."
          defaultValue={filters.person}
          maxLength={50}
          icon={<SearchIcon />}
        />
        <SelectField
          name="acao"
          label="Ação"
          placeholder="Todas as ações"
          defaultValue={filters.action}
          options={ACTION_OPTIONS}
        />
      </div>
      <fieldset className="mt-4 flex min-w-0 flex-col">
        <legend className="mb-2 text-sm font-semibold text-ink">
          Período (horário de Brasília)
        </legend>
        <div className="grid gap-4 sm:grid-cols-2 md:max-w-xl">
          <TextInput
            name="de"
            type="date"
            label="De"
            defaultValue={filters.from}
            error={errorOn("de")}
          />
          <TextInput
            name="ate"
            type="date"
            label="Até"
            defaultValue={filters.to}
            error={errorOn("ate")}
          />
        </div>
      </fieldset>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonStyles({ size: "md" })}>
          Filtrar
        </button>
        {hasAuditFilters(filters) ? (
          <Link
            to={adminHref({ section: "auditoria" })}
            preventScrollReset
            className={buttonStyles({ variant: "secondary", size: "md" })}
          >
            Limpar filtros
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
