import type { ButtonHTMLAttributes, ReactNode } from "react";
import { type ButtonSize, type ButtonVariant, buttonStyles } from "./button-styles";
import { cx } from "./class-names";
import { ignoreClicksWhileBusy } from "./click-guard";
import { Spinner } from "./spinner";

interface PrimaryButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and ignores clicks (SPEC: a loading button ignores clicks). */
  loading?: boolean;
  fullWidth?: boolean;
  /** An icon before the label. */
  icon?: ReactNode;
}

/**
 * The app's button. A plain <button> (type submit by default), so it posts its <Form> without
 * JavaScript. While loading it keeps its label (invisible, still its accessible name) so its
 * width does not jump, announces aria-busy and swallows clicks; it is not `disabled`, which
 * would drop keyboard focus in the middle of a submit.
 */
export function PrimaryButton({
  variant = "primary",
  size = "md",
  loading = false,
  fullWidth = false,
  icon,
  type = "submit",
  className,
  children,
  onClick,
  ...props
}: PrimaryButtonProps) {
  return (
    <button
      type={type}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={ignoreClicksWhileBusy(loading, onClick)}
      className={buttonStyles({
        variant,
        size,
        fullWidth,
        className: cx(loading && "cursor-wait", className),
      })}
      {...props}
    >
      <span className={cx("inline-flex items-center gap-2", loading && "opacity-0")}>
        {icon}
        {children}
      </span>
      {loading ? (
        <span className="absolute inset-0 flex items-center justify-center">
          <Spinner />
        </span>
      ) : null}
    </button>
  );
}
