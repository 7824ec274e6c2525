import { cx } from "./class-names";

export type ButtonVariant = "primary" | "secondary" | "danger";
export type ButtonSize = "md" | "sm";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900",
  secondary:
    "border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 active:bg-brand-100",
  danger: "bg-danger-700 text-white shadow-sm hover:bg-danger-800 active:bg-danger-800",
};

// 48 px tall by default, 44 px small: touch targets for phones (WCAG 2.5.8 asks for 24; the
// platforms ask 44-48).
const SIZES: Record<ButtonSize, string> = {
  md: "min-h-12 px-5 text-base",
  sm: "min-h-11 px-4 text-sm",
};

/**
 * The classes of the app's buttons, shared by <button>s and by links that look like buttons
 * (e.g. "Voltar para a página inicial"), so both stay identical.
 */
export function buttonStyles({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
} = {}): string {
  return cx(
    "relative inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition-colors select-none focus-ring",
    "disabled:cursor-not-allowed disabled:border-transparent disabled:bg-line disabled:text-ink-subtle disabled:shadow-none",
    VARIANTS[variant],
    SIZES[size],
    fullWidth && "w-full",
    className,
  );
}
