import { data } from "react-router";
import {
  deleteAccount,
  signOutCookies,
  verifyAccountPassword,
} from "~/account/delete-account.server";
import { DELETE_ACCOUNT_MESSAGES, deleteAccountSchema } from "~/account/delete-account-schema";
import { currentPasswordBudget } from "~/auth/password-limits.server";
import { homePathFor } from "~/auth/session-user";
import { MemberForm } from "~/components/members/member-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { buttonStyles } from "~/components/ui/button-styles";
import { DownloadIcon, TrashIcon } from "~/components/ui/icons";
import { PasswordInput } from "~/components/ui/password-input";
import { validateForm } from "~/forms/form-validation";
import { log } from "~/lib/log.server";
import { beginFailureAttempt, rateLimitedMessage } from "~/security/rate-limit.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import { passRetryAfter, retryAfterHeaders } from "~/web/retry-after";
import type { Route } from "./+types/app.meus-dados";

/** A 429 from the action says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Meus dados | ${appName}` }, { name: "robots", content: "noindex" }];
}

const deleteAccountSchemas = () => import("~/account/delete-account-schema");

export function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  return { homePath: homePathFor(user), institution: user.profile === "INSTITUTION" };
}

const fail = (message: string, status: number, field = "form", headers?: HeadersInit) =>
  data({ error: { field, message } }, { status, headers });

export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const parsed = validateForm(deleteAccountSchema, await readFormData(request));
  if (!parsed.ok) return data({ error: parsed.error }, { status: 400 });
  // Password guesses on a session someone left open: the account's current-password budget,
  // shared with the change-password page; only wrong passwords spend it.
  const attempt = await beginFailureAttempt([currentPasswordBudget(user.id)]);
  if (!attempt.allowed) {
    log.info({ userId: user.id }, "account deletion rate-limited");
    const { retryAfterSeconds } = attempt;
    return fail(
      rateLimitedMessage(retryAfterSeconds),
      429,
      "form",
      retryAfterHeaders(retryAfterSeconds),
    );
  }
  if (!(await verifyAccountPassword(user.id, parsed.data.password))) {
    log.info({ userId: user.id, reason: "wrong-password" }, "account deletion refused");
    return fail(DELETE_ACCOUNT_MESSAGES.wrongPassword, 400, "password");
  }
  await attempt.settle();
  try {
    await deleteAccount(user.id);
  } catch (error) {
    log.error({ err: error }, "account deletion failed");
    return fail(DELETE_ACCOUNT_MESSAGES.failed, 500);
  }
  const headers = new Headers();
  for (const cookie of await signOutCookies(request.headers)) headers.append("Set-Cookie", cookie);
  throw redirectWithFlash("/", DELETE_ACCOUNT_MESSAGES.deleted, "success", headers);
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MemberFormPage
      backTo={loaderData.homePath}
      title="Meus dados"
      description="Pela Lei Geral de Proteção de Dados (LGPD), você pode receber uma cópia de tudo o que guardamos sobre você e pedir a exclusão da sua conta."
    >
      <section aria-labelledby="baixar-dados" className="flex flex-col gap-3">
        <h2 id="baixar-dados" className="text-lg font-bold text-ink">
          Baixar meus dados
        </h2>
        <p className="text-ink-muted">
          Um arquivo JSON com o seu cadastro, perfil, candidaturas,{" "}
          {loaderData.institution ? "eventos, " : ""}fotos (os detalhes e o endereço de cada uma),
          sessões abertas, e-mails enviados a você e registros de atividade.
        </p>
        <a
          href="/app/meus-dados/arquivo"
          download="meus-dados.json"
          className={buttonStyles({ variant: "secondary", fullWidth: true })}
        >
          <DownloadIcon className="size-5" />
          Baixar meus dados
        </a>
      </section>
      <section
        aria-labelledby="excluir-conta"
        className="mt-8 flex flex-col gap-3 rounded-2xl border border-danger-200 bg-danger-50/60 p-4 sm:p-5"
      >
        <h2 id="excluir-conta" className="text-lg font-bold text-danger-800">
          Excluir minha conta
        </h2>
        <ul className="list-disc space-y-1 pl-5 text-ink-muted">
          <li>Seus dados pessoais, fotos e candidaturas são apagados.</li>
          {loaderData.institution ? (
            <li>Os eventos da instituição saem do site na mesma hora.</li>
          ) : null}
          <li>Você sai da conta em todos os aparelhos.</li>
          <li className="font-semibold text-ink">Esta ação não pode ser desfeita.</li>
        </ul>
        <MemberForm
          schemas={deleteAccountSchemas}
          schema={(schemas) => schemas.deleteAccountSchema}
          serverError={actionData?.error}
          submitLabel="Excluir minha conta"
          submitIcon={<TrashIcon className="size-5" />}
          danger
          className="mt-2 flex flex-col gap-4"
        >
          {(errorFor) => (
            <PasswordInput
              name="password"
              label="Confirme sua senha"
              autoComplete="current-password"
              error={errorFor("password")}
            />
          )}
        </MemberForm>
      </section>
    </MemberFormPage>
  );
}
