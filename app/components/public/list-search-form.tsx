import type { ReactNode } from "react";
import { type FormEvent, useCallback } from "react";
import { Form, Link, useNavigate } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import { ChevronDownIcon, FilterIcon, SearchIcon } from "~/components/ui/icons";
import { PrimaryButton } from "~/components/ui/primary-button";
import { TextInput } from "~/components/ui/text-input";
import { MAX_LENGTH } from "~/config/constants";
import { type ListQuery, listHref } from "~/lists/list-query";

interface ListSearchFormProps {
  /** The list's path: a GET form, so search and filters work without JavaScript too. */
  path: string;
  /** Names the search landmark, e.g. "Buscar instituições". */
  label: string;
  search: string;
  placeholder: string;
  /** How many filters are set: the filter panel starts open when any is. */
  activeFilters: number;
  /** Fields that are not search: state, city, type... Posted with the same form. */
  filters: ReactNode;
  /** Values kept from the URL that the form does not show (e.g. the events' period). */
  hidden?: ListQuery;
}

/**
 * The search box (50 characters at most, docs/spec.md) with a collapsible filter panel. Submitting
 * starts the list again from its first page; the filters stay in the URL, so a result can be
 * shared or bookmarked.
 */
export function ListSearchForm({
  path,
  label,
  search,
  placeholder,
  activeFilters,
  filters,
  hidden = {},
}: ListSearchFormProps) {
  const navigate = useNavigate();
  // With JavaScript, empty fields are left out of the URL ("?busca=&uf=" helps nobody);
  // without it the browser submits the GET form as it is, which the loader reads the same way.
  const submit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const values: Record<string, string[]> = {};
      for (const [name, value] of new FormData(event.currentTarget)) {
        if (typeof value === "string" && value.trim()) {
          values[name] = [...(values[name] ?? []), value.trim()];
        }
      }
      void navigate(listHref(path, values), { preventScrollReset: true });
    },
    [navigate, path],
  );
  return (
    <Form
      method="get"
      action={path}
      role="search"
      aria-label={label}
      onSubmit={submit}
      className="rounded-2xl border border-line bg-white p-4 shadow-card sm:p-5"
    >
      {Object.entries(hidden).flatMap(([name, value]) =>
        (typeof value === "string" ? [value] : value).map((each) =>
          each ? <input key={`${name}=${each}`} type="hidden" name={name} value={each} /> : null,
        ),
      )}
      <div className="flex items-end gap-3">
        <TextInput
          name="busca"
          type="search"
          label="Buscar"
          defaultValue={search}
          maxLength={MAX_LENGTH.search}
          placeholder={placeholder}
          icon={<SearchIcon />}
          enterKeyHint="search"
          className="max-w-none flex-1"
        />
        <PrimaryButton type="submit" className="shrink-0">
          Buscar
        </PrimaryButton>
      </div>
      <details open={activeFilters > 0} className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-1 font-semibold text-brand-800 select-none hover:text-brand-900 [&::-webkit-details-marker]:hidden">
          <FilterIcon className="size-4" />
          Filtros
          {activeFilters > 0 ? (
            <span className="rounded-full bg-brand-100 px-2 text-sm text-brand-900">
              {activeFilters}
              <span className="sr-only"> {activeFilters === 1 ? "ativo" : "ativos"}</span>
            </span>
          ) : null}
          <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 flex flex-col gap-4 border-t border-line pt-4">
          {filters}
          <div className="flex flex-wrap items-center gap-3">
            <PrimaryButton type="submit" variant="secondary">
              Aplicar filtros
            </PrimaryButton>
            {activeFilters > 0 || search ? (
              <Link
                to={listHref(path, hidden)}
                className={buttonStyles({ variant: "secondary", className: "border-transparent" })}
              >
                Limpar filtros
              </Link>
            ) : null}
          </div>
        </div>
      </details>
    </Form>
  );
}
