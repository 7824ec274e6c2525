import { data, Form, Link, useNavigation } from "react-router";
import { resetPasswordSchema } from "~/auth/login-schemas";
import { PASSWORD_HINT, RESET_MESSAGES } from "~/auth/password-messages";
import { resetPassword } from "~/auth/password-reset.server";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import { PasswordInput } from "~/components/ui/password-input";
import { PrimaryButton } from "~/components/ui/primary-button";
import { useFormValidation, validateForm } from "~/forms/form-validation";
import type { RouteHandle } from "~/root";
import { refusalOf } from "~/web/app-error.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/auth.resetar-senha";

const loginSchemas = () => import("~/auth/login-schemas");

export const handle: RouteHandle = { layout: "bare" };

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Nova senha | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = validateForm(resetPasswordSchema, await readFormData(request));
  if (!parsed.ok) return data({ done: false as const, error: parsed.error }, { status: 400 });
  try {
    await resetPassword(parsed.data.token, parsed.data.password);
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return data({ done: false as const, error: refused.error }, { status: refused.status });
  }
  return { done: true as const };
}

const LINKS = [{ to: "/auth/login", label: "Entrar" }, HOME_LINK];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <AuthPage links={LINKS} label="Recuperar acesso" title={RESET_MESSAGES.success}>
        <p className="text-ink-muted">
          Use a nova senha para entrar. Por segurança, encerramos as outras sessões da sua conta.
        </p>
        <Link to="/auth/login" className={buttonStyles({ fullWidth: true, className: "mt-6" })}>
          Ir para o login
        </Link>
      </AuthPage>
    );
  }
  if (!loaderData.token) {
    return (
      <AuthPage links={LINKS} label="Recuperar acesso" title="Link inválido">
        <p className="text-ink-muted">{RESET_MESSAGES.invalidToken}</p>
        <Link
          to="/auth/esqueci-minha-senha"
          className={buttonStyles({ fullWidth: true, className: "mt-6" })}
        >
          Pedir um novo link
        </Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      links={LINKS}
      label="Recuperar acesso"
      title="Crie uma nova senha"
      description="Escolha uma senha que você não usa em outros sites."
    >
      <ResetForm token={loaderData.token} error={actionData?.error} />
    </AuthPage>
  );
}

function ResetForm({
  token,
  error,
}: {
  token: string;
  error?: { field: string; message: string };
}) {
  const validation = useFormValidation(
    loginSchemas,
    (schemas) => schemas.resetPasswordSchema,
    error,
  );
  const submitting = useNavigation().state === "submitting";
  const formError =
    validation.error && !["password", "confirmPassword"].includes(validation.error.field);
  return (
    <Form method="post" noValidate {...validation.formProps} className="flex flex-col gap-5">
      <input type="hidden" name="token" value={token} />
      <PasswordInput
        name="password"
        label="Nova senha"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={validation.errorFor("password")}
      />
      <PasswordInput
        name="confirmPassword"
        label="Confirme a nova senha"
        autoComplete="new-password"
        error={validation.errorFor("confirmPassword")}
      />
      <ErrorMessage message={formError ? validation.error?.message : undefined} />
      {formError && validation.error?.message === RESET_MESSAGES.invalidToken ? (
        <Link
          to="/auth/esqueci-minha-senha"
          className="text-sm font-semibold text-brand-800 underline"
        >
          Pedir um novo link
        </Link>
      ) : null}
      <PrimaryButton fullWidth loading={submitting}>
        Salvar nova senha
      </PrimaryButton>
    </Form>
  );
}
