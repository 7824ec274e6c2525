import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { CredentialsForm } from "~/components/auth/credentials-form";
import type { RouteHandle } from "~/root";
import { redirect } from "~/web/redirect.server";
import { passRetryAfter } from "~/web/retry-after";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/admin.login";
import { signInAction } from "./auth.login.server";

export const handle: RouteHandle = { layout: "bare" };

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Acesso administrativo | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(sessionContext)?.role === "ADMIN") throw redirect("/admin/dashboard");
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context, "admin", () => "/admin/dashboard");
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  return (
    <AuthPage
      links={[HOME_LINK]}
      label="Administração"
      title="Acesso administrativo"
      description="Área restrita à equipe que aprova instituições e eventos."
    >
      <CredentialsForm
        error={actionData?.error}
        email={actionData?.values.email}
        recoveryLink={actionData?.recoveryLink}
        forgotPasswordLink={false}
      />
    </AuthPage>
  );
}
