import {
  type ChangeEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import { cx } from "./class-names";
import { controlStyles, describedBy, Field, type FieldError, hasError, useFieldIds } from "./field";
import { useHydrated } from "./use-hydrated";

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name"> {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  /** Required here: the counter shows "typed/maxLength". Use MAX_LENGTH from config. */
  maxLength: number;
  defaultValue?: string;
  ref?: Ref<HTMLTextAreaElement>;
  className?: string;
}

/**
 * A multi-line field with a live character counter ("12/1200"). The counter is for the eyes; a
 * screen reader hears the limit once, from the hint, instead of a number on every keystroke.
 */
export function TextArea({
  label,
  hint,
  error,
  id,
  maxLength,
  defaultValue = "",
  rows = 5,
  onChange,
  className,
  "aria-describedby": extraDescribedBy,
  ...props
}: TextAreaProps) {
  const ids = useFieldIds(id);
  const hydrated = useHydrated();
  const [length, setLength] = useState(defaultValue.length);
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setLength(event.currentTarget.value.length);
    onChange?.(event);
  };
  const limitId = `${ids.id}-limite`;
  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={error}
      className={className}
      aside={
        <span
          aria-hidden="true"
          className={cx(
            "text-xs font-medium tabular-nums",
            length >= maxLength ? "text-danger-700" : "text-ink-subtle",
          )}
        >
          {/* Without JavaScript the count cannot follow the typing: show only the limit. */}
          {hydrated ? `${length}/${maxLength}` : `máx. ${maxLength}`}
        </span>
      }
    >
      <textarea
        id={ids.id}
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        onChange={handleChange}
        aria-invalid={hasError(error) || undefined}
        aria-describedby={describedBy(ids, {
          hint,
          error,
          extra: extraDescribedBy ? `${limitId} ${extraDescribedBy}` : limitId,
        })}
        className={cx(controlStyles(), "min-h-28 resize-y leading-relaxed")}
        {...props}
      />
      <span id={limitId} className="sr-only">
        Máximo de {maxLength} caracteres.
      </span>
    </Field>
  );
}
