import { useId, useState } from "react";
import { CitySelect } from "./city-select";
import { cx } from "./class-names";
import { ErrorMessage } from "./error-message";
import { type FieldError, hasError } from "./field";
import { StateSelect } from "./state-select";

export interface StateCityFieldsProps {
  /** From the loader (listUfs), so the server renders the options. */
  ufs?: readonly string[];
  /** From the loader: the cities of defaultUf. */
  cities?: readonly string[];
  defaultUf?: string;
  defaultCity?: string;
  ufName?: string;
  cityName?: string;
  /** One message for the pair, as the spec has it: "Selecione seu estado e cidade." */
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  /**
   * The controls' ids, for a form the server renders once and reuses (ADR 0059, 0065): a
   * generated id depends on where the fields sit in the page's tree.
   */
  ids?: { uf: string; city: string };
}

/** "Estado" and "Cidade" side by side; the city list follows the chosen state. */
export function StateCityFields({
  ufs,
  cities,
  defaultUf = "",
  defaultCity = "",
  ufName = "uf",
  cityName = "city",
  error,
  disabled,
  required,
  className,
  ids,
}: StateCityFieldsProps) {
  const [uf, setUf] = useState(defaultUf);
  const errorId = useId();
  const aria = hasError(error) ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div className={cx("flex w-full max-w-field flex-col gap-1.5", className)}>
      <div className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4">
        <StateSelect
          id={ids?.uf}
          name={ufName}
          ufs={ufs}
          value={uf}
          onChange={setUf}
          disabled={disabled}
          required={required}
          {...aria}
        />
        <CitySelect
          id={ids?.city}
          name={cityName}
          uf={uf}
          cities={cities}
          defaultValue={defaultCity}
          disabled={disabled}
          required={required}
          {...aria}
        />
      </div>
      <ErrorMessage id={errorId} message={error} alert={false} />
    </div>
  );
}
