import { agreementBlocks } from "~/agreements/agreement-template";

/**
 * A termo de adesão as its stored text reads (issue 16): the same blocks the PDF prints, so the
 * page shows exactly the text whose hash is accepted.
 */
export function AgreementDocument({ body }: { body: string }) {
  return (
    <article className="rounded-2xl border border-line bg-white p-5 text-ink shadow-card sm:p-8">
      {agreementBlocks(body).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === "title") {
          return (
            <header key={key} className="text-center">
              <h2 className="text-lg font-bold tracking-tight break-words sm:text-xl">
                {block.title}
              </h2>
              <p className="mt-1 text-sm text-ink-muted">{block.subtitle}</p>
            </header>
          );
        }
        if (block.kind === "clause") {
          return (
            <section key={key} className="mt-5">
              <h3 className="font-bold">{block.heading}</h3>
              {block.paragraphs.map((paragraph) => (
                <p key={paragraph} className="mt-2 leading-relaxed break-words">
                  {paragraph}
                </p>
              ))}
              {block.items.length > 0 ? (
                <ul className="mt-2 list-disc space-y-1 pl-5 leading-relaxed">
                  {block.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          );
        }
        return (
          <p key={key} className="mt-4 leading-relaxed break-words">
            {block.text}
          </p>
        );
      })}
    </article>
  );
}

/** The acceptance record (who, when, IP, hash) as label/value rows. */
export function AcceptanceRecord({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl className="grid gap-x-4 gap-y-1 rounded-2xl border border-line bg-surface p-4 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={`${label}-${value}`} className="contents">
          <dt className="font-semibold text-ink">{label}</dt>
          <dd className="mb-2 text-ink-muted [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
