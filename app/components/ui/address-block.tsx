import { cx } from "./class-names";
import type { FieldError } from "./field";
import { StateCityFields } from "./state-city-fields";
import { TextInput } from "./text-input";

export interface AddressValues {
  uf?: string;
  city?: string;
  street?: string;
  number?: string;
  neighborhood?: string;
  /** The complement; posted as "complete", the spec's field name. */
  complete?: string;
}

type AddressErrors = Partial<
  Record<"location" | "street" | "number" | "neighborhood" | "complete", FieldError>
>;

interface AddressBlockProps {
  defaultValues?: AddressValues;
  /** `location` is the shared state/city message ("Selecione seu estado e cidade."). */
  errors?: AddressErrors;
  ufs?: readonly string[];
  cities?: readonly string[];
  disabled?: boolean;
  className?: string;
}

/**
 * The full address of an institution or event: state, city, street ("Logradouro"), number,
 * neighbourhood and complement. Posts uf, city, street, number, neighborhood and complete.
 */
export function AddressBlock({
  defaultValues = {},
  errors = {},
  ufs,
  cities,
  disabled,
  className,
}: AddressBlockProps) {
  return (
    <div className={cx("flex w-full max-w-field flex-col gap-4", className)}>
      <StateCityFields
        ufs={ufs}
        cities={cities}
        defaultUf={defaultValues.uf}
        defaultCity={defaultValues.city}
        error={errors.location}
        disabled={disabled}
      />
      {/* Stacked on phones: a street name needs the whole width ("Ex: Avenida Brasil" was cut). */}
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <TextInput
          name="street"
          label="Logradouro"
          placeholder="Ex: Avenida Brasil"
          autoComplete="address-line1"
          defaultValue={defaultValues.street}
          error={errors.street}
          disabled={disabled}
        />
        <TextInput
          name="number"
          label="Número"
          placeholder="123"
          defaultValue={defaultValues.number}
          error={errors.number}
          disabled={disabled}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          name="neighborhood"
          label="Bairro"
          placeholder="Ex: Centro"
          defaultValue={defaultValues.neighborhood}
          error={errors.neighborhood}
          disabled={disabled}
        />
        <TextInput
          name="complete"
          label="Complemento"
          hint="Opcional."
          placeholder="Ex: Sala 01"
          autoComplete="address-line2"
          defaultValue={defaultValues.complete}
          error={errors.complete}
          disabled={disabled}
        />
      </div>
    </div>
  );
}
