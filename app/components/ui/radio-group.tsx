import type { ReactNode } from "react";
import { cx } from "./class-names";
import { ErrorMessage } from "./error-message";
import { describedBy, type FieldError, FieldHint, hasError, useFieldIds } from "./field";

export interface RadioOption {
  value: string;
  label: string;
  /** A second line under the label, e.g. "Quero encontrar vagas". */
  description?: string;
}

interface RadioGroupProps {
  name: string;
  legend: ReactNode;
  options: ReadonlyArray<RadioOption | string>;
  defaultValue?: string;
  /** Controlled use; pair with onChange. */
  value?: string;
  onChange?: (value: string) => void;
  hint?: ReactNode;
  error?: FieldError;
  disabled?: boolean;
  required?: boolean;
  /**
   * "cards" suits options with descriptions; "inline" suits short words like Sim / Não; "list"
   * stacks sentence-long options one per line.
   */
  layout?: "inline" | "cards" | "list";
  id?: string;
  className?: string;
}

/**
 * One choice among a few, as native radio buttons in a fieldset: arrow keys, form posting and
 * screen-reader grouping come for free. Each option is a large tappable card.
 */
export function RadioGroup({
  name,
  legend,
  options,
  defaultValue,
  value,
  onChange,
  hint,
  error,
  disabled,
  required,
  layout = "inline",
  id,
  className,
}: RadioGroupProps) {
  const ids = useFieldIds(id);
  const invalid = hasError(error);
  return (
    <fieldset
      id={ids.id}
      aria-describedby={describedBy(ids, { hint, error })}
      disabled={disabled}
      className={cx("flex w-full max-w-field min-w-0 flex-col gap-2", className)}
    >
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div
        className={cx(
          "grid gap-3",
          // Two short words (Sim / Não) always fit side by side; three labels such as
          // "Presencial" do not on a 390 px phone, so they stack there.
          layout === "list"
            ? "grid-cols-1 gap-2"
            : layout === "cards"
              ? "sm:grid-cols-2"
              : options.length <= 2
                ? "grid-cols-2"
                : "sm:grid-cols-3",
        )}
      >
        {options.map((option) => {
          const {
            value: optionValue,
            label,
            description,
          } = typeof option === "string"
            ? { value: option, label: option, description: undefined }
            : option;
          return (
            <label
              key={optionValue}
              className={cx(
                "flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-3.5 shadow-sm transition-colors",
                "has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700",
                "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus",
                "has-disabled:cursor-not-allowed has-disabled:bg-surface has-disabled:text-ink-subtle",
                invalid ? "border-danger-700" : "border-field hover:border-brand-700",
              )}
            >
              <input
                type="radio"
                name={name}
                value={optionValue}
                required={required}
                aria-invalid={invalid || undefined}
                defaultChecked={value === undefined ? defaultValue === optionValue : undefined}
                checked={value === undefined ? undefined : value === optionValue}
                onChange={onChange ? () => onChange(optionValue) : undefined}
                // The card shows focus; the radio itself needs no second ring.
                className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{label}</span>
                {description ? (
                  <span className="mt-0.5 block text-sm text-ink-muted">{description}</span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorMessage id={ids.errorId} message={error} alert={false} />
    </fieldset>
  );
}
