import { redirect } from "react-router";
import { afterLoginPath, safeReturnPath } from "~/auth/redirects.server";
import { homePathFor, sessionContext } from "~/auth/session.server";
import { signInAction } from "~/auth/sign-in-action.server";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { CredentialsForm } from "~/components/auth/credentials-form";
import { passRetryAfter } from "~/lib/retry-after";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/auth.login";

export const handle: RouteHandle = { layout: "bare" };

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  // The sign-in door is a public page (DESIGN.md 9 budgets its SEO): searching for the product's
  // login should find it.
  return [
    { title: `Entrar | ${appName}` },
    {
      name: "description",
      content: "Entre na sua conta de voluntário ou de instituição para acompanhar candidaturas.",
    },
  ];
}

export function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  if (user) throw redirect(homePathFor(user));
  // Only a return address we would honour travels on in the form; anything else is dropped here.
  return { redirectTo: safeReturnPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "user", (user, formData) =>
    afterLoginPath(formData.get("redirectTo"), user),
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      links={[{ to: "/auth/cadastro", label: "Criar nova conta" }, HOME_LINK]}
      label="Login"
      title="Acesse sua conta"
      description="Entre com o e-mail e a senha cadastrados."
    >
      <CredentialsForm
        error={actionData?.error}
        email={actionData?.values.email}
        recoveryLink={actionData?.recoveryLink}
        redirectTo={loaderData.redirectTo}
      />
    </AuthPage>
  );
}
