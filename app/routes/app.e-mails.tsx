import { data, Form } from "react-router";
import { emailAwaitsConfirmation, resendEmailConfirmation } from "~/auth/email-confirmation.server";
import { CONFIRMATION_MESSAGES } from "~/auth/email-confirmation-messages";
import { homePathFor } from "~/auth/session-user";
import { EmailConfirmationNotice } from "~/components/members/email-confirmation-notice";
import { MemberFormPage } from "~/components/members/member-form-page";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import { EMAIL_KINDS, type EmailKind, isEmailKind, OPTIONAL_KINDS } from "~/email/email-kinds";
import { receivedKinds, saveReceivedKinds } from "~/email/unsubscribe.server";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import { passRetryAfter } from "~/web/retry-after";
import type { Route } from "./+types/app.e-mails";

/** A 429 from "Reenviar" says when to come back (Retry-After). */
export const headers = passRetryAfter;

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `E-mails | ${appName}` }, { name: "robots", content: "noindex" }];
}

const PAGE_PATH = "/app/e-mails";

/** The kinds this person can receive: their profile's and everyone's (ADR 0068). */
function kindsFor(profile: string) {
  const audience = profile === "INSTITUTION" ? "institution" : "volunteer";
  const mine = (kind: EmailKind) => [audience, "any"].includes(EMAIL_KINDS[kind].audience);
  const all = Object.keys(EMAIL_KINDS) as EmailKind[];
  return {
    always: all.filter((kind) => EMAIL_KINDS[kind].transactional && mine(kind)),
    optional: OPTIONAL_KINDS.filter(mine),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const [awaitsConfirmation, on] = await Promise.all([
    emailAwaitsConfirmation(user.id),
    receivedKinds(user.email),
  ]);
  const { always, optional } = kindsFor(user.profile);
  return {
    homePath: homePathFor(user),
    email: user.email,
    awaitsConfirmation,
    always: always.map((kind) => EMAIL_KINDS[kind].label),
    optional: optional.map((kind) => ({
      kind,
      label: EMAIL_KINDS[kind].label,
      on: on.includes(kind),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const formData = await readFormData(request);
  if (formData.get("intent") === "reenviar") {
    try {
      await resendEmailConfirmation(user.id);
    } catch (error) {
      const refused = refusalOf(error);
      if (!refused) throw error;
      return data({ error: refused.error }, { status: refused.status, headers: refused.headers });
    }
    throw redirectWithFlash(PAGE_PATH, CONFIRMATION_MESSAGES.resent, "success");
  }
  // Only kinds this profile receives are read; anything else posted is ignored.
  const { optional } = kindsFor(user.profile);
  const wanted = formData
    .getAll("tipo")
    .filter(isEmailKind)
    .filter((kind) => optional.includes(kind));
  const others = OPTIONAL_KINDS.filter((kind) => !optional.includes(kind));
  const current = await receivedKinds(user.email);
  await saveReceivedKinds(user.email, [
    ...wanted,
    ...others.filter((kind) => current.includes(kind)),
  ]);
  throw redirectWithFlash(PAGE_PATH, "Preferências de e-mail salvas.", "success");
}

export default function EmailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { homePath, email, awaitsConfirmation, always, optional } = loaderData;
  return (
    <MemberFormPage
      backTo={homePath}
      title="E-mails que você recebe"
      description="Escolha os avisos que quer receber. Os e-mails essenciais da sua conta são sempre enviados."
    >
      {awaitsConfirmation ? <EmailConfirmationNotice email={email} /> : null}
      <ErrorMessage message={actionData?.error?.message} />
      <Form method="post" className="mt-6 flex flex-col gap-6">
        <input type="hidden" name="intent" value="salvar" />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-lg font-bold text-ink">Avisos que você pode desligar</legend>
          {optional.map((item) => (
            <label key={item.kind} className="flex min-h-11 items-start gap-3 py-1 text-ink">
              <input
                type="checkbox"
                name="tipo"
                value={item.kind}
                defaultChecked={item.on}
                className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
              />
              <span>{item.label}</span>
            </label>
          ))}
        </fieldset>
        <section aria-labelledby="sempre-enviados">
          <h2 id="sempre-enviados" className="text-lg font-bold text-ink">
            Sempre enviados
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
            {always.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </section>
        <button type="submit" className={buttonStyles({ fullWidth: true })}>
          Salvar preferências
        </button>
      </Form>
    </MemberFormPage>
  );
}
