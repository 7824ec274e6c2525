import { cx } from "./class-names";
import { AlertIcon } from "./icons";

interface ErrorMessageProps {
  message?: string | string[] | null;
  id?: string;
  /**
   * Announce the message as soon as it appears (role="alert"): right for a form-level error.
   * Field errors turn it off; they are read with their field through aria-describedby.
   */
  alert?: boolean;
  className?: string;
}

/** A red error paragraph, rendered only when there is a message (SPEC "Error message"). */
export function ErrorMessage({ message, id, alert = true, className }: ErrorMessageProps) {
  const text = Array.isArray(message) ? message[0] : message;
  if (!text) return null;
  return (
    <p
      id={id}
      role={alert ? "alert" : undefined}
      className={cx("flex items-start gap-1.5 text-sm font-medium text-danger-700", className)}
    >
      <AlertIcon className="mt-px size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
