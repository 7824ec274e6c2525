import type { ReactNode } from "react";
import { cx } from "./class-names";

interface SectionHeadingProps {
  title: ReactNode;
  /** A small line above the title naming the area, e.g. "Cadastro". */
  label?: ReactNode;
  description?: ReactNode;
  /** h1 for a page's main title, h2 (default) for a section inside a page. */
  as?: "h1" | "h2" | "h3";
  align?: "start" | "center";
  /** Lets a section point at its heading with aria-labelledby. */
  id?: string;
  className?: string;
}

/** The title block that opens a page or a section: optional label, title and description. */
export function SectionHeading({
  title,
  label,
  description,
  as: Heading = "h2",
  align = "start",
  id,
  className,
}: SectionHeadingProps) {
  return (
    <div
      className={cx(
        "flex flex-col gap-2",
        align === "center" && "items-center text-center",
        className,
      )}
    >
      {label ? (
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{label}</p>
      ) : null}
      <Heading
        id={id}
        className={cx(
          "font-bold tracking-tight text-balance text-ink",
          Heading === "h1"
            ? "text-3xl sm:text-4xl"
            : Heading === "h2"
              ? "text-2xl sm:text-3xl"
              : "text-xl",
        )}
      >
        {title}
      </Heading>
      {description ? (
        <p className="max-w-prose text-base text-pretty text-ink-muted sm:text-lg">{description}</p>
      ) : null}
    </div>
  );
}
