import { SelectField } from "~/components/ui/select-field";
import { StateCityFields } from "~/components/ui/state-city-fields";
import { VOLUNTEERING_TYPE_LABELS } from "~/config/constants";
import type { DirectoryQuery } from "~/institutions/directory";

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
    />
  );
}

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
    <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <LocationFilters query={query} ufs={ufs} cities={cities} />
      <SelectField
        name="tipo"
        label="Tipo de voluntariado"
        placeholder="Todos"
        defaultValue={query.tipo}
        options={VOLUNTEERING_TYPE_LABELS.map((label) => ({ value: label, label }))}
        hint="Quem aceita os dois formatos aparece em Presencial e em Online."
      />
    </div>
  );
}

/** How many of the panel's filters are set (the search box is not one). */
export function countLocationFilters(query: { uf: string; cidade: string }): number {
  return (query.uf ? 1 : 0) + (query.cidade ? 1 : 0);
}
