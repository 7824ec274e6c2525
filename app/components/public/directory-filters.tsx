import { prepared } from "~/components/ui/prepared";
import { SelectField } from "~/components/ui/select-field";
import { StateCityFields } from "~/components/ui/state-city-fields";
import { VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import type { DirectoryQuery } from "~/institutions/directory";

/**
 * The filter panels' controls by name, not by useId: the directory's panel is rendered once and
 * its HTML reused (ADR 0065), so its ids must not depend on where it sits in the page. A page has
 * one filter panel.
 */
const FILTER_IDS = { uf: "filtro-uf", city: "filtro-cidade", type: "filtro-tipo" } as const;

/** State and city, as in every form of the app, posted as `uf` and `cidade`. */
export function LocationFilters({
  query,
  ufs,
  cities,
}: {
  query: { uf: string; cidade: string };
  ufs: readonly string[];
  cities?: readonly string[];
}) {
  return (
    <StateCityFields
      ufs={ufs}
      cities={cities}
      defaultUf={query.uf}
      defaultCity={query.cidade}
      ufName="uf"
      cityName="cidade"
      ids={FILTER_IDS}
    />
  );
}

interface DirectoryFilterValues {
  uf: string;
  cidade: string;
  tipo: DirectoryQuery["tipo"];
  ufs: readonly string[];
  cities?: readonly string[];
}

function DirectoryFilterFields({ uf, cidade, tipo, ufs, cities }: DirectoryFilterValues) {
  return (
    <>
      <LocationFilters query={{ uf, cidade }} ufs={ufs} cities={cities} />
      <SelectField
        id={FILTER_IDS.type}
        name="tipo"
        label="Tipo de voluntariado"
        placeholder="Todos"
        defaultValue={tipo}
        options={VOLUNTEERING_TYPE_LABELS.map((label) => ({ value: label, label }))}
        hint="Quem aceita os dois formatos aparece em Presencial e em Online."
      />
    </>
  );
}

/**
 * The panel as the server renders it once for each choice of filters and reuses (ADR 0065: the
 * search form took 13 % of a rendered directory's CPU, these controls most of it). With a state
 * chosen its city list is in the props, hundreds of names: that panel is rendered in place.
 */
const PreparedDirectoryFilters = prepared(
  "div",
  { className: "grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" },
  DirectoryFilterFields,
  (values) => values.cities === undefined,
);

/** The directory's filters: location plus the volunteering type. */
export function DirectoryFilters({
  query,
  ufs,
  cities,
}: {
  query: DirectoryQuery;
  ufs: readonly string[];
  cities?: readonly string[];
}) {
  return (
    <PreparedDirectoryFilters
      uf={query.uf}
      cidade={query.cidade}
      tipo={query.tipo}
      ufs={ufs}
      cities={cities}
    />
  );
}

/** How many of the panel's filters are set (the search box is not one). */
export function countLocationFilters(query: { uf: string; cidade: string }): number {
  return (query.uf ? 1 : 0) + (query.cidade ? 1 : 0);
}
