import { Link } from "react-router";

/** A full-width message for not-found and failure pages, always with a way back home. */
export function ErrorState({
  code,
  title,
  message,
}: {
  code: string;
  title: string;
  message: string;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        {code}
      </p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <Link
        to="/"
        className="mt-8 inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800"
      >
        Voltar para a página inicial
      </Link>
    </section>
  );
}
