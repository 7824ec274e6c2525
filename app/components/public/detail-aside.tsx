import type { ReactNode } from "react";

/** A titled block of the detail pages' side column (address, contact, date...). */
export function DetailFact({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 [&>svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h2>
        <div className="mt-0.5 text-ink [overflow-wrap:anywhere]">{children}</div>
      </div>
    </div>
  );
}

/** Long texts keep the paragraphs their authors typed. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="flex flex-col gap-4 text-lg leading-relaxed text-pretty text-ink">
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph, index) => (
          // Paragraphs have no identity beyond their place in a text that never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <p key={index} className="whitespace-pre-line">
            {paragraph}
          </p>
        ))}
    </div>
  );
}
