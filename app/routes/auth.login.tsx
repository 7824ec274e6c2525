import { redirect } from "react-router";
import { afterLoginPath } from "~/auth/redirects.server";
import { homePathFor, sessionContext } from "~/auth/session.server";
import { signInAction } from "~/auth/sign-in-action.server";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { CredentialsForm } from "~/components/auth/credentials-form";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/auth.login";

export const handle: RouteHandle = { layout: "bare" };

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
  return { redirectTo: new URL(request.url).searchParams.get("redirectTo") };
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "user", (user, formData) => {
    const redirectTo = formData.get("redirectTo");
    return afterLoginPath(typeof redirectTo === "string" ? redirectTo : null, user);
  });
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
        redirectTo={loaderData.redirectTo}
      />
    </AuthPage>
  );
}
