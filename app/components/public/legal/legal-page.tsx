import type { ReactNode } from "react";
import { BackHomeLink } from "~/components/public/back-home-link";
import { LEGAL_TEXTS_UPDATED_AT } from "~/config/constants";
import { formatIsoDate } from "~/events/event-dates";

/** Reading styles for the texts (no typography plugin: a handful of descendant rules). */
const PROSE =
  "text-base leading-relaxed text-pretty text-ink sm:text-lg sm:leading-relaxed [&>*+*]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_li]:pl-1 [&_strong]:font-semibold";

export interface LegalSection {
  /** The anchor, e.g. "cookies" (/politicas-de-privacidade#cookies). */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal text: title, last-updated date, a table of contents and numbered sections, set for
 * reading (short line length, generous spacing). Pure HTML: nothing here needs JavaScript.
 */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col px-4 py-8 sm:py-12">
      <BackHomeLink />
      <header className="mt-4 border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">
          Última atualização:{" "}
          <time dateTime={LEGAL_TEXTS_UPDATED_AT} className="font-semibold text-ink">
            {formatIsoDate(LEGAL_TEXTS_UPDATED_AT)}
          </time>
        </p>
        <div className={`${PROSE} mt-5`}>{intro}</div>
      </header>
      <nav
        aria-labelledby="indice"
        className="mt-8 rounded-2xl border border-line bg-white p-5 shadow-card"
      >
        <h2 id="indice" className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
          Nesta página
        </h2>
        <ol className="mt-3 grid gap-1 sm:grid-cols-2 sm:gap-x-6">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-11 items-center gap-2 rounded py-1 text-brand-800 underline-offset-4 hover:text-brand-900 hover:underline focus-ring"
              >
                <span className="w-6 shrink-0 text-right text-sm text-ink-muted tabular-nums">
                  {index + 1}.
                </span>
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 flex flex-col gap-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-titulo`}>
            <h2
              id={`${section.id}-titulo`}
              className="text-xl font-bold text-balance text-ink sm:text-2xl"
            >
              {index + 1}. {section.title}
            </h2>
            <div className={`${PROSE} mt-3`}>{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}

/** An e-mail address that opens the mail app. */
export function MailLink({ email }: { email: string }) {
  return (
    <a
      href={`mailto:${email}`}
      className="font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
    >
      {email}
    </a>
  );
}
