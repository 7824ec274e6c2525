import type { ReactNode } from "react";
import { cx } from "~/components/ui/class-names";
import { SectionHeading } from "~/components/ui/section-heading";

/** One band of the landing page: an anchor, a heading and its content, on a chosen background. */
export function LandingSection({
  id,
  label,
  title,
  description,
  tone = "plain",
  align = "start",
  children,
}: {
  id: string;
  label?: string;
  title: string;
  description?: ReactNode;
  tone?: "plain" | "muted" | "dark";
  align?: "start" | "center";
  children: ReactNode;
}) {
  const headingId = `${id}-titulo`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cx(
        // Sections below the banner skip style and layout until they near the viewport;
        // `auto` keeps their last rendered height once seen, so scrolling does not jump.
        "scroll-mt-20 py-14 [contain-intrinsic-size:auto_900px] [content-visibility:auto] sm:py-20",
        tone === "muted" && "bg-surface",
        tone === "plain" && "bg-white",
        tone === "dark" && "bg-brand-900 text-white",
      )}
    >
      <div className="mx-auto flex max-w-page flex-col gap-10 px-4">
        {tone === "dark" ? (
          <div
            className={cx("flex flex-col gap-2", align === "center" && "items-center text-center")}
          >
            {label ? (
              <p className="text-sm font-semibold tracking-wide text-brand-200 uppercase">
                {label}
              </p>
            ) : null}
            <h2
              id={headingId}
              className="text-2xl font-bold tracking-tight text-balance sm:text-3xl"
            >
              {title}
            </h2>
            {description ? (
              <p className="max-w-prose text-base text-pretty text-brand-100 sm:text-lg">
                {description}
              </p>
            ) : null}
          </div>
        ) : (
          <SectionHeading
            id={headingId}
            label={label}
            title={title}
            description={description}
            align={align}
          />
        )}
        {children}
      </div>
    </section>
  );
}
