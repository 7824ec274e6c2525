import { useEffect, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { forgotPasswordSchema } from "~/auth/login-schemas";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { EmailInput } from "~/components/ui/email-input";
import { ErrorMessage } from "~/components/ui/error-message";
import { PrimaryButton } from "~/components/ui/primary-button";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { echoValues, useFormValidation, validateForm } from "~/forms/form-validation";
import type { RouteHandle } from "~/root";
import { refusalOf } from "~/web/app-error.server";
import { readFormData } from "~/web/read-form-data.server";
import { clientContext } from "~/web/request-context.server";
import { passRetryAfter } from "~/web/retry-after";
import type { Route } from "./+types/auth.esqueci-minha-senha";

const loginSchemas = () => import("~/auth/login-schemas");

export const handle: RouteHandle = { layout: "bare" };

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Esqueci minha senha | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const parsed = validateForm(forgotPasswordSchema, formData);
  if (!parsed.ok) {
    return data(
      { sent: false as const, error: parsed.error, values: echoValues(formData) },
      { status: 400 },
    );
  }
  let result: Awaited<ReturnType<typeof requestPasswordReset>>;
  try {
    result = await requestPasswordReset(parsed.data.email, context.get(clientContext).network);
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return data(
      { sent: false as const, error: refused.error, values: echoValues(formData) },
      { status: refused.status, headers: refused.headers },
    );
  }
  return {
    sent: true as const,
    email: parsed.data.email,
    cooldownSeconds: result.cooldownSeconds,
    requested: result.requested,
    at: Date.now(),
  };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  if (actionData?.sent) {
    return (
      <AuthPage
        links={[{ to: "/auth/login", label: "Entrar" }, HOME_LINK]}
        label="Recuperar acesso"
        title="Verifique seu e-mail"
        description={
          <>
            Se houver uma conta com <strong className="text-ink">{actionData.email}</strong>, você
            vai receber um link para criar uma nova senha. O link vale por 1 hora.
          </>
        }
      >
        <ResendForm
          key={actionData.at}
          email={actionData.email}
          cooldownSeconds={actionData.cooldownSeconds}
          requested={actionData.requested}
        />
      </AuthPage>
    );
  }
  return (
    <AuthPage
      links={[{ to: "/auth/login", label: "Entrar" }, HOME_LINK]}
      label="Recuperar acesso"
      title="Esqueci minha senha"
      description="Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha."
    >
      <EmailForm error={actionData?.error} email={actionData?.values.email} />
    </AuthPage>
  );
}

function EmailForm({
  error,
  email,
}: {
  error?: { field: string; message: string };
  email?: string;
}) {
  const validation = useFormValidation(
    loginSchemas,
    (schemas) => schemas.forgotPasswordSchema,
    error,
  );
  const submitting = useNavigation().state === "submitting";
  return (
    <Form method="post" noValidate {...validation.formProps} className="flex flex-col gap-5">
      <EmailInput name="email" defaultValue={email} error={validation.errorFor("email")} />
      <ErrorMessage
        message={validation.error?.field === "form" ? validation.error.message : undefined}
      />
      <PrimaryButton fullWidth loading={submitting}>
        Enviar link
      </PrimaryButton>
      <Link
        to="/auth/login"
        className="inline-flex min-h-11 items-center self-center rounded px-2 text-sm font-semibold text-brand-800 focus-ring"
      >
        Voltar para o login
      </Link>
    </Form>
  );
}

/** The resend button waits out the cooldown, counting down each second (SPEC: "Aguarde {n}s"). */
function ResendForm({
  email,
  cooldownSeconds,
  requested,
}: {
  email: string;
  cooldownSeconds: number;
  requested: boolean;
}) {
  const hydrated = useHydrated();
  const toast = useToast();
  const submitting = useNavigation().state === "submitting";
  const [remaining, setRemaining] = useState(cooldownSeconds);

  useEffect(() => {
    if (requested) toast.success("E-mail de recuperação enviado!");
    const started = Date.now();
    const timer = setInterval(() => {
      const left = cooldownSeconds - Math.floor((Date.now() - started) / 1000);
      setRemaining(Math.max(0, left));
      if (left <= 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [cooldownSeconds, requested, toast.success]);

  const waiting = hydrated && remaining > 0;
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="email" value={email} />
      <p className="text-sm text-ink-muted">
        Não recebeu? Confira a caixa de spam ou peça um novo envio.
      </p>
      <PrimaryButton variant="secondary" fullWidth loading={submitting} disabled={waiting}>
        {waiting ? `Aguarde ${remaining}s` : "Reenviar e-mail"}
      </PrimaryButton>
      <Link
        to="/auth/login"
        className="inline-flex min-h-11 items-center self-center rounded px-2 text-sm font-semibold text-brand-800 focus-ring"
      >
        Voltar para o login
      </Link>
    </Form>
  );
}
