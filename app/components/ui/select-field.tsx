import type { ReactNode, Ref, SelectHTMLAttributes } from "react";
import { cx } from "./class-names";
import { controlStyles, describedBy, Field, type FieldError, hasError, useFieldIds } from "./field";
import { ChevronDownIcon } from "./icons";

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "name"> {
  name: string;
  label: ReactNode;
  options: ReadonlyArray<SelectOption>;
  /** The first, empty choice ("Selecione"). */
  placeholder?: string;
  hint?: ReactNode;
  error?: FieldError;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

/** A labelled native <select>: the phone's own picker, keyboard and posting for free. */
export function SelectField({
  label,
  options,
  placeholder = "Selecione",
  hint,
  error,
  id,
  className,
  "aria-describedby": extraDescribedBy,
  ...props
}: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} className={className}>
      <div className="relative">
        <select
          id={ids.id}
          aria-invalid={hasError(error) || undefined}
          aria-describedby={describedBy(ids, { hint, error, extra: extraDescribedBy })}
          className={cx(controlStyles({ trailing: true }), "appearance-none truncate")}
          {...props}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-ink-subtle" />
      </div>
    </Field>
  );
}
