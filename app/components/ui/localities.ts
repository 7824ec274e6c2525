/**
 * Browser side of the geography API (app/routes/api.*.ts, bundled IBGE data). Shapes match the
 * old public service: states { id, nome, sigla }, municipalities { id, nome }, sorted by name.
 */
export interface StateOption {
  id: number;
  nome: string;
  sigla: string;
}

export interface CityOption {
  id: number;
  nome: string;
}

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url} respondeu ${response.status}`);
  return (await response.json()) as T;
}

export function fetchStates(signal?: AbortSignal): Promise<StateOption[]> {
  return getJson("/api/localidades/estados", signal);
}

export function fetchCities(uf: string, signal?: AbortSignal): Promise<CityOption[]> {
  return getJson(`/api/localidades/estados/${encodeURIComponent(uf)}/municipios`, signal);
}
