import { Link } from "react-router";
import { afterLoginPath, safeReturnPath, signInReason } from "~/auth/redirects.server";
import { homePathFor } from "~/auth/session-user";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { CredentialsForm } from "~/components/auth/credentials-form";
import { ReturnNotice } from "~/components/auth/return-notice";
import type { RouteHandle } from "~/root";
import { redirect } from "~/web/redirect.server";
import { passRetryAfter } from "~/web/retry-after";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/auth.login";
import { signInAction } from "./auth.login.server";
import { returnTarget } from "./return-target.server";

export const handle: RouteHandle = { layout: "bare" };

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  // The sign-in door is a public page (docs/design.md 9 budgets its SEO): searching for the product's
  // login should find it.
  return [
    { title: `Entrar | ${appName}` },
    {
      name: "description",
      content: "Entre na sua conta de voluntário ou de instituição para acompanhar candidaturas.",
    },
  ];
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  if (user) throw redirect(homePathFor(user));
  // Only a return address we would honour travels on in the form; anything else is dropped here.
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"));
  return { redirectTo, reason: signInReason(await returnTarget(redirectTo)) };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "user", (user, formData) =>
    afterLoginPath(formData.get("redirectTo"), user),
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, reason } = loaderData;
  // "Criar nova conta" carries the return address through the sign-up wizard.
  const signupPath = redirectTo
    ? `/auth/cadastro?redirectTo=${encodeURIComponent(redirectTo)}`
    : "/auth/cadastro";
  return (
    <AuthPage
      links={[{ to: signupPath, label: "Criar nova conta" }, HOME_LINK]}
      label="Login"
      title="Acesse sua conta"
      description="Entre com o e-mail e a senha cadastrados."
    >
      <ReturnNotice text={reason} />
      <CredentialsForm
        error={actionData?.error}
        email={actionData?.values.email}
        recoveryLink={actionData?.recoveryLink}
        redirectTo={redirectTo}
      />
      {redirectTo ? (
        <p className="mt-6 text-center text-sm text-ink-muted">
          Ainda não tem conta?{" "}
          <Link
            to={signupPath}
            className="inline-flex min-h-11 items-center rounded font-semibold text-brand-800 underline underline-offset-4 focus-ring"
          >
            Criar conta e continuar
          </Link>
        </p>
      ) : null}
    </AuthPage>
  );
}
