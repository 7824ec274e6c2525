import { type ReactNode, useId } from "react";
import { cx } from "./class-names";
import { ErrorMessage } from "./error-message";
import { InfoIcon } from "./icons";

export type FieldError = string | string[] | null | undefined;

/** Ids that tie a control to its hint and error text; `id` wins over a generated one. */
export function useFieldIds(id?: string) {
  const generated = useId();
  const base = id ?? generated;
  return { id: base, hintId: `${base}-dica`, errorId: `${base}-erro` };
}

export function hasError(error: FieldError): boolean {
  return Array.isArray(error) ? error.length > 0 : Boolean(error);
}

/**
 * The aria-describedby of a control: its hint, its error (only while shown) and whatever the
 * caller passed (e.g. Conform's ids), so a screen reader reads them with the field.
 */
export function describedBy(
  ids: { hintId: string; errorId: string },
  { hint, error, extra }: { hint?: ReactNode; error?: FieldError; extra?: string },
): string | undefined {
  const list = [hint ? ids.hintId : null, hasError(error) ? ids.errorId : null, extra];
  return list.filter(Boolean).join(" ") || undefined;
}

/** Classes of text-like controls (input, select, textarea) so they all look and behave alike. */
export function controlStyles({
  leadingIcon = false,
  trailing = false,
}: {
  leadingIcon?: boolean;
  trailing?: boolean;
} = {}): string {
  return cx(
    "block w-full min-h-12 rounded-xl border border-field bg-white py-2.5 text-base text-ink shadow-sm transition-colors",
    "placeholder:text-ink-subtle hover:border-ink-muted",
    "focus-visible:border-brand-700 focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-700/30",
    "disabled:cursor-not-allowed disabled:border-line disabled:bg-surface disabled:text-ink-subtle",
    // Shown but not for changing (an institution's CNPJ): greyed, still readable and selectable.
    "[&[readonly]]:border-line [&[readonly]]:bg-surface [&[readonly]]:hover:border-line",
    "aria-invalid:border-danger-700 aria-invalid:focus-visible:outline-danger-700/30",
    leadingIcon ? "pl-11" : "pl-4",
    trailing ? "pr-12" : "pr-4",
  );
}

interface FieldProps {
  ids: { id: string; hintId: string; errorId: string };
  label: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  /** Shown at the end of the label row, e.g. a character counter. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and error laid out the same way for every form field. */
export function Field({ ids, label, hint, error, aside, className, children }: FieldProps) {
  return (
    <div className={cx("flex w-full max-w-field flex-col gap-1.5", className)}>
      <div className="flex items-end justify-between gap-3">
        <label htmlFor={ids.id} className="text-sm font-semibold text-ink">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? <FieldHint id={ids.hintId}>{hint}</FieldHint> : null}
      <ErrorMessage id={ids.errorId} message={error} alert={false} />
    </div>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm text-ink-muted">
      <InfoIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>{children}</span>
    </p>
  );
}
