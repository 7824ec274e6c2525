import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { cx } from "./class-names";
import { controlStyles, describedBy, Field, type FieldError, hasError, useFieldIds } from "./field";

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name"> {
  /** Posted name: every field works in a plain <Form method="post">. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  /** A decorative icon inside the field, before the text. */
  icon?: ReactNode;
  /** A control inside the field, after the text (e.g. the show-password toggle). */
  trailing?: ReactNode;
  /** Shown at the end of the label row. */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Classes of the outer wrapper (grid placement and such). */
  className?: string;
}

/** A labelled single-line text field with optional icon, hint and error message. */
export function TextInput({
  label,
  hint,
  error,
  icon,
  trailing,
  aside,
  id,
  className,
  type = "text",
  "aria-describedby": extraDescribedBy,
  ...props
}: TextInputProps) {
  const ids = useFieldIds(id);
  const invalid = hasError(error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} aside={aside} className={className}>
      <div className="relative">
        {icon ? (
          <span
            className={cx(
              "pointer-events-none absolute inset-y-0 left-0 flex w-11 items-center justify-center [&>svg]:size-5",
              invalid ? "text-danger-700" : "text-ink-subtle",
            )}
          >
            {icon}
          </span>
        ) : null}
        <input
          id={ids.id}
          type={type}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(ids, { hint, error, extra: extraDescribedBy })}
          className={controlStyles({ leadingIcon: Boolean(icon), trailing: Boolean(trailing) })}
          {...props}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
    </Field>
  );
}
