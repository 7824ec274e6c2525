import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { EmailInput } from "~/components/ui/email-input";
import { ErrorMessage } from "~/components/ui/error-message";
import { PasswordInput } from "~/components/ui/password-input";
import { PrimaryButton } from "~/components/ui/primary-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type FormError, useFormValidation } from "~/forms/form-validation";

const loginSchemas = () => import("~/auth/login-schemas");

/**
 * E-mail and password, shared by /auth/login and /admin/login. With JavaScript the button
 * stays disabled until both fields are filled (docs/spec.md 5); without it the server says what is missing.
 * `recoveryLink` (too many attempts) adds the way in that does not wait: a new password by e-mail.
 */
export function CredentialsForm({
  error,
  email,
  redirectTo,
  forgotPasswordLink = true,
  recoveryLink = false,
}: {
  error?: FormError | null;
  email?: string;
  redirectTo?: string | null;
  forgotPasswordLink?: boolean;
  recoveryLink?: boolean;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [filled, setFilled] = useState({ email: Boolean(email), password: false });
  const validation = useFormValidation(loginSchemas, (schemas) => schemas.loginSchema, error);
  const submitting = navigation.state === "submitting";
  const formError = validation.error?.field === "form" ? validation.error.message : undefined;

  return (
    <Form method="post" noValidate {...validation.formProps} className="flex flex-col gap-5">
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <EmailInput
        name="email"
        defaultValue={email}
        error={validation.errorFor("email")}
        onChange={(event) => setFilled((state) => ({ ...state, email: event.target.value !== "" }))}
      />
      <PasswordInput
        name="password"
        label="Senha"
        autoComplete="current-password"
        error={validation.errorFor("password")}
        onChange={(event) =>
          setFilled((state) => ({ ...state, password: event.target.value !== "" }))
        }
      />
      {forgotPasswordLink ? (
        <Link
          to="/auth/esqueci-minha-senha"
          className="-mt-2 inline-flex min-h-11 items-center self-end rounded text-sm font-semibold text-brand-800 underline-offset-4 hover:underline focus-ring"
        >
          Esqueci minha senha
        </Link>
      ) : null}
      <ErrorMessage message={formError} />
      {recoveryLink && formError && formError === error?.message ? (
        <p className="-mt-2 text-sm text-ink-muted">
          Se esqueceu a senha,{" "}
          <Link
            to="/auth/esqueci-minha-senha"
            className="rounded font-semibold text-brand-800 underline underline-offset-4 focus-ring"
          >
            crie uma nova pelo e-mail
          </Link>{" "}
          e entre sem esperar.
        </p>
      ) : null}
      <PrimaryButton
        fullWidth
        loading={submitting}
        disabled={hydrated && !(filled.email && filled.password)}
      >
        Entrar
      </PrimaryButton>
    </Form>
  );
}
