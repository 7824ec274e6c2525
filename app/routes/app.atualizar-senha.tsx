import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { changePassword } from "~/auth/change-password.server";
import { changePasswordSchema } from "~/auth/login-schemas";
import { CHANGE_PASSWORD_MESSAGES, PASSWORD_HINT } from "~/auth/password-messages";
import { homePathFor } from "~/auth/session-user";
import { BackButton } from "~/components/ui/back-button";
import { ErrorMessage } from "~/components/ui/error-message";
import { PasswordInput } from "~/components/ui/password-input";
import { PrimaryButton } from "~/components/ui/primary-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useFormValidation, validateForm } from "~/forms/form-validation";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import { passRetryAfter } from "~/web/retry-after";
import type { Route } from "./+types/app.atualizar-senha";

const loginSchemas = () => import("~/auth/login-schemas");

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Alterar senha | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { homePath: homePathFor(sessionUser(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const parsed = validateForm(changePasswordSchema, await readFormData(request));
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  let result: Awaited<ReturnType<typeof changePassword>>;
  try {
    result = await changePassword({ userId: user.id, headers: request.headers, ...parsed.data });
  } catch (error) {
    const refused = refusalOf(error);
    if (!refused) throw error;
    return data({ error: refused.error }, { status: refused.status, headers: refused.headers });
  }
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirectWithFlash(homePathFor(user), CHANGE_PASSWORD_MESSAGES.success, "success", headers);
}

const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const submitting = useNavigation().state === "submitting";
  const validation = useFormValidation(
    loginSchemas,
    (schemas) => schemas.changePasswordSchema,
    actionData?.error,
  );
  const [filled, setFilled] = useState<Record<string, boolean>>({});
  const allFilled = FIELDS.every((field) => filled[field]);
  const track = (event: React.ChangeEvent<HTMLInputElement>) =>
    setFilled((state) => ({ ...state, [event.target.name]: event.target.value !== "" }));

  return (
    <section className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
      <BackButton to={loaderData.homePath} />
      <div className="mt-4 rounded-2xl border border-line bg-white p-6 shadow-card sm:p-8">
        <SectionHeading
          as="h1"
          title="Alterar senha"
          description="Ao salvar a nova senha, sua conta será desconectada de todos os outros dispositivos."
        />
        <Form
          method="post"
          noValidate
          {...validation.formProps}
          className="mt-6 flex flex-col gap-5"
        >
          <PasswordInput
            name="currentPassword"
            label="Senha atual"
            autoComplete="current-password"
            error={validation.errorFor("currentPassword")}
            onChange={track}
          />
          <PasswordInput
            name="newPassword"
            label="Nova senha"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={validation.errorFor("newPassword")}
            onChange={track}
          />
          <PasswordInput
            name="confirmPassword"
            label="Confirme a nova senha"
            autoComplete="new-password"
            error={validation.errorFor("confirmPassword")}
            onChange={track}
          />
          <ErrorMessage
            message={validation.error?.field === "form" ? validation.error.message : undefined}
          />
          <PrimaryButton fullWidth loading={submitting} disabled={hydrated && !allFilled}>
            Salvar nova senha
          </PrimaryButton>
        </Form>
      </div>
    </section>
  );
}
