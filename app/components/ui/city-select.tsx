import { useEffect, useState } from "react";
import type { FieldError } from "./field";
import { fetchCities } from "./localities";
import { SelectField } from "./select-field";
import { TextInput } from "./text-input";
import { useHydrated } from "./use-hydrated";

interface CitySelectProps {
  /** The chosen state; the city list follows it. */
  uf: string;
  name?: string;
  label?: string;
  /** The names of `uf`'s cities from the loader (listCityNames), so the server renders the options. */
  cities?: readonly string[];
  defaultValue?: string;
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  className?: string;
  /** Set by StateCityFields when one message covers both state and city. */
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/**
 * "Cidade": disabled until a state is chosen, emptied when the state changes, and loads the
 * state's municipalities (SPEC). Posts the municipality's name as IBGE spells it.
 */
export function CitySelect({
  uf,
  name = "city",
  label = "Cidade",
  cities,
  defaultValue = "",
  // error, disabled, required, id, className and aria-*: the same for either control below.
  ...field
}: CitySelectProps) {
  const hydrated = useHydrated();
  const [city, setCity] = useState(defaultValue);
  const [loaded, setLoaded] = useState<{ uf: string; cities: readonly string[] }>({
    uf: cities ? uf : "",
    cities: cities ?? [],
  });

  // A new state empties the city (adjusting state during render, not in an effect, so the old
  // city never flashes).
  const [previousUf, setPreviousUf] = useState(uf);
  if (uf !== previousUf) {
    setPreviousUf(uf);
    setCity("");
  }

  useEffect(() => {
    if (!uf || loaded.uf === uf) return;
    const controller = new AbortController();
    fetchCities(uf, controller.signal)
      .then((list) => setLoaded({ uf, cities: list.map((city) => city.nome) }))
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) console.error("Erro ao buscar cidades", reason);
      });
    return () => controller.abort();
  }, [uf, loaded.uf]);

  const ready = Boolean(uf) && loaded.uf === uf;
  // Without JavaScript the list cannot follow the state: unless the loader sent the cities of
  // the chosen state, a text box keeps the form usable.
  if (!hydrated && !ready) {
    return (
      <TextInput
        name={name}
        label={label}
        defaultValue={defaultValue}
        autoComplete="address-level2"
        {...field}
      />
    );
  }

  return (
    <SelectField
      name={name}
      label={label}
      value={city}
      onChange={(event) => setCity(event.currentTarget.value)}
      options={ready ? loaded.cities.map((city) => ({ value: city, label: city })) : []}
      placeholder={uf && !ready ? "Carregando..." : "Selecione"}
      autoComplete="address-level2"
      {...field}
      disabled={field.disabled || !ready}
    />
  );
}
