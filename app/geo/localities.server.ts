// The two functions' own entry points, not the package's: its main entry brings every other
// utility and data table with it (about 17 MB of memory against 5 MB: docs/decisions/0041).
import { getMunicipalities } from "@brazilian-utils/brazilian-utils/get-municipalities";
import { getStates } from "@brazilian-utils/brazilian-utils/get-states";

/**
 * Brazilian states and municipalities from the IBGE data bundled with brazilian-utils: no outside
 * call at run time. Lists are sorted once, in pt-BR collation ("Águas" before "Bauru").
 */
export interface State {
  id: number;
  nome: string;
  sigla: string;
}

export interface Municipality {
  id: number;
  nome: string;
}

const collator = new Intl.Collator("pt-BR", { sensitivity: "base" });
const byName = (a: { nome: string }, b: { nome: string }) => collator.compare(a.nome, b.nome);

let states: State[] | undefined;
const municipalitiesByUf = new Map<string, Municipality[]>();

export function listStates(): State[] {
  states ??= getStates()
    .map((state) => ({ id: state.ibgeCode, nome: state.name, sigla: state.code }))
    .sort(byName);
  return states;
}

let ufs: readonly string[] | undefined;

/**
 * The states' UF codes in the order of their names: what a state picker shows (and all a page's
 * loader needs to send for it; the geography API keeps the whole records).
 */
export function listUfs(): readonly string[] {
  ufs ??= listStates().map((state) => state.sigla);
  return ufs;
}

/** The municipalities of a state, or null when the UF does not exist. */
export function listMunicipalities(uf: string): Municipality[] | null {
  const sigla = uf.toUpperCase();
  if (!listStates().some((state) => state.sigla === sigla)) return null;
  let list = municipalitiesByUf.get(sigla);
  if (!list) {
    list = getMunicipalities(sigla as Parameters<typeof getMunicipalities>[0])
      .map((municipality) => ({ id: Number(municipality.code), nome: municipality.name }))
      .sort(byName);
    municipalitiesByUf.set(sigla, list);
  }
  return list;
}

const cityNamesByUf = new Map<string, readonly string[]>();

/** The names of a state's municipalities (what a city picker shows), or null for no such UF. */
export function listCityNames(uf: string): readonly string[] | null {
  const sigla = uf.toUpperCase();
  const known = cityNamesByUf.get(sigla);
  if (known) return known;
  const names = listMunicipalities(sigla)?.map((municipality) => municipality.nome) ?? null;
  if (names) cityNamesByUf.set(sigla, names);
  return names;
}

/** A location filter's options: every UF, and the chosen state's cities (none chosen: none). */
export function locationOptions(uf: string): {
  ufs: readonly string[];
  cities?: readonly string[];
} {
  return { ufs: listUfs(), cities: uf ? (listCityNames(uf) ?? []) : undefined };
}

export function isValidUf(uf: string): boolean {
  return listStates().some((state) => state.sigla === uf);
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();

/**
 * The IBGE spelling of a city typed or picked for a state ("sao paulo" → "São Paulo"), or null
 * when the state has no such municipality. Without JavaScript the city is a text box, so
 * accents and case are forgiven.
 */
export function resolveMunicipality(uf: string, city: string): string | null {
  const wanted = fold(city);
  return (
    listMunicipalities(uf)?.find((municipality) => fold(municipality.nome) === wanted)?.nome ?? null
  );
}

/** True when `city` names a municipality of `uf` exactly as IBGE spells it. */
export function isMunicipalityOf(uf: string, city: string): boolean {
  return listMunicipalities(uf)?.some((municipality) => municipality.nome === city) ?? false;
}
