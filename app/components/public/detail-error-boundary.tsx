import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { ErrorState } from "~/components/layout/error-state";
import { buttonStyles } from "~/components/ui/button-styles";
import { AlertIcon } from "~/components/ui/icons";

/**
 * The body of a public detail page that could not be shown. Not found (pending, rejected,
 * unknown or malformed ids all look the same from outside): the site's 404. Any other failure:
 * the spec's message in place of the content (docs/spec.md: "Detail pages show the error message in
 * place of content on failure"), with the header, footer and a way back intact.
 */
export function DetailErrorBoundary({
  message,
  backTo,
  backLabel,
}: {
  message: string;
  backTo: string;
  backLabel: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState
        code="404"
        title="Página não encontrada"
        message="O endereço que você abriu não existe ou foi removido."
      />
    );
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-danger-50 text-danger-700 [&>svg]:size-8">
        <AlertIcon />
      </span>
      <h1 className="mt-6 text-2xl font-bold text-balance text-ink sm:text-3xl">{message}</h1>
      <p className="mt-3 text-lg text-pretty text-ink-muted">
        Tente novamente em alguns instantes.
      </p>
      <Link to={backTo} className={buttonStyles({ className: "mt-8 w-full sm:w-auto" })}>
        {backLabel}
      </Link>
    </section>
  );
}
