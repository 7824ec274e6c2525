import type { ReactNode } from "react";
import { cx } from "./class-names";
import { ErrorMessage } from "./error-message";
import { describedBy, type FieldError, FieldHint, hasError, useFieldIds } from "./field";

interface ChoiceChipsProps {
  name: string;
  legend: ReactNode;
  options: ReadonlyArray<{ slug: string; label: string }>;
  /** The chosen slugs (saved, or what was posted before a failure). */
  defaultValues: readonly string[];
  hint?: ReactNode;
  error?: FieldError;
  className?: string;
}

/**
 * Several choices among a fixed list (causes, skills) as native checkboxes shown as chips, in a
 * fieldset: Tab and Space work, the form posts every checked value under `name` (so it works
 * without JavaScript), and a screen reader hears the legend once and each chip's state.
 */
export function ChoiceChips({
  name,
  legend,
  options,
  defaultValues,
  hint,
  error,
  className,
}: ChoiceChipsProps) {
  const ids = useFieldIds();
  const invalid = hasError(error);
  return (
    <fieldset
      id={ids.id}
      aria-describedby={describedBy(ids, { hint, error })}
      className={cx("flex w-full min-w-0 flex-col gap-2", className)}
    >
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.slug}
            className={cx(
              "inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border bg-white px-3.5 text-sm font-semibold text-ink transition-colors",
              "has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:text-brand-900 has-checked:ring-1 has-checked:ring-brand-700",
              "has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus",
              invalid ? "border-danger-700" : "border-field hover:border-brand-700",
            )}
          >
            <input
              type="checkbox"
              name={name}
              value={option.slug}
              defaultChecked={defaultValues.includes(option.slug)}
              aria-invalid={invalid || undefined}
              // The chip shows focus; the box itself needs no second ring.
              className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
            />
            {option.label}
          </label>
        ))}
      </div>
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorMessage id={ids.errorId} message={error} alert={false} />
    </fieldset>
  );
}
