import { data, Form, Link } from "react-router";
import { confirmEmail } from "~/auth/email-confirmation.server";
import { CONFIRMATION_MESSAGES } from "~/auth/email-confirmation-messages";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import type { RouteHandle } from "~/root";
import { refusalOf } from "~/web/app-error.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/auth.confirmar-email";

/**
 * The link of the sign-up confirmation e-mail (ADR 0069). Opening it only shows a button (mail
 * scanners open links); the button's post confirms the address.
 */
export const handle: RouteHandle = { layout: "bare" };

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Confirmar e-mail | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await readFormData(request)).get("token");
  try {
    const outcome = await confirmEmail(typeof token === "string" ? token : "");
    return { done: outcome, error: null };
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return data({ done: null, error: refused.error.message }, { status: refused.status });
  }
}

const LINKS = [{ to: "/auth/login", label: "Entrar" }, HOME_LINK];

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <AuthPage
        links={LINKS}
        label="Sua conta"
        title={
          actionData.done === "confirmed"
            ? CONFIRMATION_MESSAGES.confirmed
            : CONFIRMATION_MESSAGES.alreadyConfirmed
        }
      >
        <p className="text-ink-muted">
          Agora você recebe os avisos dos eventos e as mensagens das instituições neste endereço.
        </p>
        <Link to="/app" className={buttonStyles({ fullWidth: true, className: "mt-6" })}>
          Ir para a minha área
        </Link>
      </AuthPage>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthPage links={LINKS} label="Sua conta" title="Link inválido">
        <p className="text-ink-muted">{CONFIRMATION_MESSAGES.invalid}</p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      links={LINKS}
      label="Sua conta"
      title="Confirme seu e-mail"
      description="Toque no botão para confirmar que este e-mail é seu."
    >
      <ErrorMessage message={actionData?.error} />
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className={buttonStyles({ fullWidth: true })}>
          Confirmar meu e-mail
        </button>
      </Form>
    </AuthPage>
  );
}
