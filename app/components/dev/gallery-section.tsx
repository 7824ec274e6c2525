import type { ReactNode } from "react";
import { cx } from "../ui/class-names";

/** One block of the component gallery, with an anchor for the gallery's index. */
export function GallerySection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-titulo`}
      className="scroll-mt-24 rounded-3xl border border-line bg-white p-5 shadow-card sm:p-8"
    >
      <h2 id={`${id}-titulo`} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {title}
      </h2>
      {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
      <div className="mt-6 flex flex-col gap-8">{children}</div>
    </section>
  );
}

/** A captioned example showing one state of a component. */
export function Demo({
  caption,
  children,
  className,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <figure className={cx("flex min-w-0 flex-col gap-3", className)}>
      <figcaption className="text-xs font-semibold tracking-wide text-ink-subtle uppercase">
        {caption}
      </figcaption>
      {children}
    </figure>
  );
}

/** The classes that make a field look focused, to show the focus state without a keyboard. */
export const FOCUSED_LOOK =
  "[&_input]:border-brand-700 [&_input]:outline-3 [&_input]:outline-brand-700/30";
