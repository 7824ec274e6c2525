import { Link } from "react-router";
import { buttonStyles } from "../ui/button-styles";
import { ErrorIllustration } from "./error-illustration";

/**
 * The body of not-found and failure pages: illustration, code, title, message and a way back
 * home. It never shows technical details (docs/design.md section 8: no stack trace reaches a user).
 */
export function ErrorState({
  code,
  title,
  message,
  variant = "not-found",
}: {
  code: string;
  title: string;
  message: string;
  variant?: "not-found" | "error";
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-14 text-center sm:py-20">
      <ErrorIllustration broken={variant === "error"} />
      <p className="mt-8 rounded-full bg-brand-50 px-3 py-1 text-sm font-bold tracking-wide text-brand-800 ring-1 ring-brand-200">
        {code}
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
        {title}
      </h1>
      <p className="mt-3 text-lg text-pretty text-ink-muted">{message}</p>
      <Link to="/" className={buttonStyles({ className: "mt-8 w-full sm:w-auto" })}>
        Voltar para a página inicial
      </Link>
    </section>
  );
}
