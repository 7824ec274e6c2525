import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link } from "react-router";
import { cx } from "./class-names";
import { ChevronRightIcon } from "./icons";

interface ActionCardProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "title"> {
  icon: ReactNode;
  title: string;
  description?: string;
  /** Where the card leads; without it the card is a button. */
  to?: string;
  /** "danger" for destructive or leaving actions such as "Sair". */
  tone?: "default" | "danger";
}

/**
 * One entry of a home-page menu ("Editar perfil", "Alterar senha"): icon, title, description and
 * a chevron. With `to` it is a link; without, a button (e.g. "Sair" submitting a logout <Form>).
 */
export function ActionCard({
  icon,
  title,
  description,
  to,
  tone = "default",
  className,
  type = "button",
  ...buttonProps
}: ActionCardProps) {
  const danger = tone === "danger";
  const classes = cx(
    "group flex w-full items-center gap-4 rounded-2xl border border-line bg-white p-4 text-left shadow-card transition focus-ring",
    danger
      ? "hover:border-danger-200 hover:bg-danger-50"
      : "hover:border-brand-300 hover:bg-brand-50/60",
    className,
  );
  const content = (
    <>
      <span
        className={cx(
          "flex size-12 shrink-0 items-center justify-center rounded-xl [&>svg]:size-6",
          danger ? "bg-danger-50 text-danger-700" : "bg-brand-50 text-brand-700",
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cx("block font-semibold", danger ? "text-danger-700" : "text-ink")}>
          {title}
        </span>
        {description ? (
          <span className="mt-0.5 block text-sm text-ink-muted">{description}</span>
        ) : null}
      </span>
      <ChevronRightIcon className="size-5 shrink-0 text-ink-subtle transition-transform group-hover:translate-x-0.5" />
    </>
  );

  if (to !== undefined) {
    return (
      <Link to={to} className={classes}>
        {content}
      </Link>
    );
  }
  return (
    <button type={type} className={classes} {...buttonProps}>
      {content}
    </button>
  );
}
