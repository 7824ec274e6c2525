import { useState } from "react";
import { MAX_LENGTH } from "~/config/constants";
import { cx } from "./class-names";
import { EyeIcon, EyeOffIcon, LockIcon } from "./icons";
import { TextInput, type TextInputProps } from "./text-input";
import { useHydrated } from "./use-hydrated";

type PasswordInputProps = Omit<TextInputProps, "type" | "trailing">;

/**
 * A password field with a show/hide toggle. The toggle needs JavaScript, so it only appears once
 * the page is interactive. Pass `hint` for the password rule, e.g.
 * "Mínimo de 8 caracteres, com letras e números".
 */
export function PasswordInput({
  maxLength = MAX_LENGTH.password,
  autoComplete = "current-password",
  ...props
}: PasswordInputProps) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const toggle = hydrated ? (
    <button
      type="button"
      aria-pressed={visible}
      aria-label={visible ? "Ocultar senha" : "Mostrar senha"}
      title={visible ? "Ocultar senha" : "Mostrar senha"}
      onClick={() => setVisible((shown) => !shown)}
      disabled={props.disabled}
      className={cx(
        "flex size-11 items-center justify-center rounded-lg text-ink-muted transition-colors focus-ring",
        "hover:bg-brand-50 hover:text-brand-800 disabled:cursor-not-allowed disabled:opacity-50",
      )}
    >
      {visible ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  ) : null;
  return (
    <TextInput
      type={visible ? "text" : "password"}
      icon={<LockIcon />}
      maxLength={maxLength}
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      // Reserve the toggle's room from the first paint so the text never jumps under it.
      trailing={toggle ?? <span aria-hidden="true" />}
      {...props}
    />
  );
}
