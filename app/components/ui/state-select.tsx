import { useEffect, useState } from "react";
import type { FieldError } from "./field";
import { fetchStates } from "./localities";
import { SelectField } from "./select-field";
import { TextInput } from "./text-input";
import { useHydrated } from "./use-hydrated";

interface StateSelectProps {
  name?: string;
  label?: string;
  /**
   * The states' UF codes (SP, RJ...) from the loader (listUfs), in the order of their names, so
   * the server renders the options; fetched when absent.
   */
  ufs?: readonly string[];
  value: string;
  onChange: (uf: string) => void;
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  className?: string;
  /** Set by StateCityFields when one message covers both state and city. */
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** "Estado": the UF abbreviations (SP, RJ...), as the spec shows them. Posts the UF. */
export function StateSelect({
  name = "uf",
  label = "Estado",
  ufs,
  value,
  onChange,
  // error, disabled, required, id, className and aria-*: the same for either control below.
  ...field
}: StateSelectProps) {
  const hydrated = useHydrated();
  const [fetched, setFetched] = useState<readonly string[] | null>(null);
  const list = ufs ?? fetched;

  useEffect(() => {
    if (ufs) return;
    const controller = new AbortController();
    fetchStates(controller.signal)
      .then((states) => setFetched(states.map((state) => state.sigla)))
      .catch((reason: unknown) => {
        // SPEC: geography failures are only logged; the person can still retry by reloading.
        if (!controller.signal.aborted) console.error("Erro ao buscar estados", reason);
      });
    return () => controller.abort();
  }, [ufs]);

  // Without JavaScript and without a list from the loader, a text box still lets the form post.
  if (!list && !hydrated) {
    return (
      <TextInput
        name={name}
        label={label}
        defaultValue={value}
        maxLength={2}
        autoCapitalize="characters"
        placeholder="UF"
        {...field}
      />
    );
  }
  return (
    <SelectField
      name={name}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      options={(list ?? []).map((uf) => ({ value: uf, label: uf }))}
      placeholder={list ? "UF" : "Carregando..."}
      autoComplete="address-level1"
      {...field}
    />
  );
}
