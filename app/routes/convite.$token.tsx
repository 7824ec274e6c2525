import { data, Form, Link, useNavigation } from "react-router";
import { formatDayInBrazil } from "~/applications/application-dates";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import { PrimaryButton } from "~/components/ui/primary-button";
import { SectionHeading } from "~/components/ui/section-heading";
import {
  acceptInvitation,
  viewInvitation,
  wrongAccountMessage,
} from "~/teams/team-invitations.server";
import { institutionAreaPath, MEMBER_ROLE_LABELS, TEAM_MESSAGES } from "~/teams/team-roles";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/convite.$token";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Convite para a equipe | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** The link is a secret: no cache keeps the page, and no other site learns it. */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
}

const CLOSED: Record<string, { title: string; message: string }> = {
  unknown: { title: "Convite não encontrado", message: TEAM_MESSAGES.invitationUnknown },
  cancelled: { title: "Convite cancelado", message: TEAM_MESSAGES.invitationCancelled },
  used: { title: "Convite já usado", message: TEAM_MESSAGES.invitationUsed },
  expired: { title: "Convite expirado", message: TEAM_MESSAGES.invitationExpired },
};

/**
 * An invitation to an institution's team (issue 41), whoever opens it: anyone signed out is
 * asked to sign in or create an account (and comes back here); the person it was sent to
 * accepts it; another signed-in person is told whose it is and nothing happens.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const user = context.get(sessionContext);
  const invitation = await viewInvitation(params.token);
  if (invitation.state !== "open") {
    return { state: "closed" as const, ...CLOSED[invitation.state], institutionName: null };
  }
  const here = encodeURIComponent(url.pathname);
  const base = {
    institutionName: invitation.institutionName,
    roleLabel: MEMBER_ROLE_LABELS[invitation.role],
    limited: invitation.limited,
    inviterName: invitation.inviterName,
    maskedEmail: invitation.maskedEmail,
    expiresOn: formatDayInBrazil(invitation.expiresAt),
  };
  if (!user) {
    return {
      state: "signed-out" as const,
      ...base,
      loginPath: `/auth/login?redirectTo=${here}`,
      signupPath: `/auth/cadastro?redirectTo=${here}`,
    };
  }
  if (user.role !== "USER") {
    return { state: "refused" as const, ...base, message: TEAM_MESSAGES.invitationAdmin };
  }
  if (user.email.toLowerCase() !== invitation.email) {
    return { state: "refused" as const, ...base, message: wrongAccountMessage(base.maskedEmail) };
  }
  return { state: "yours" as const, ...base };
}

export async function action({ params, url, context }: Route.ActionArgs) {
  const user = context.get(sessionContext);
  if (!user) {
    throw redirectWithFlash(
      `/auth/login?redirectTo=${encodeURIComponent(url.pathname)}`,
      "Entre na sua conta para aceitar o convite.",
      "info",
    );
  }
  try {
    const joined = await acceptInvitation(params.token, user);
    throw redirectWithFlash(
      institutionAreaPath(joined.institutionId),
      `Você agora faz parte da equipe de ${joined.institutionName}.`,
      "success",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusalOf(error);
    if (refused) return data({ error: refused.error.message }, { status: refused.status });
    throw error;
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (loaderData.state === "closed") {
    return (
      <section className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
        <SectionHeading as="h1" label="Convite para a equipe" title={loaderData.title ?? ""} />
        {/* The answer to a post (a link used meanwhile, an admin's account) is announced. */}
        {actionData?.error ? (
          <ErrorMessage
            message={actionData.error}
            className="mt-4 rounded-xl border border-danger-200 bg-danger-50 p-4"
          />
        ) : (
          <p className="mt-4 text-ink">{loaderData.message}</p>
        )}
        <Link to="/" className={buttonStyles({ variant: "secondary", className: "mt-6" })}>
          Ir para a página inicial
        </Link>
      </section>
    );
  }
  const { institutionName, roleLabel, limited, inviterName, maskedEmail, expiresOn } = loaderData;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <SectionHeading
        as="h1"
        label="Convite para a equipe"
        title={institutionName}
        description={`${inviterName ?? "A instituição"} convidou você para atuar como ${roleLabel.toLowerCase()}${limited ? " dos eventos que lhe forem designados" : ""}.`}
      />
      <p className="mt-4 text-sm text-ink-muted">
        Enviado para {maskedEmail} · vale até {expiresOn} · só pode ser usado uma vez.
      </p>
      <ErrorMessage
        message={actionData?.error}
        className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
      />
      {loaderData.state === "signed-out" ? (
        <div className="mt-6 flex flex-col gap-3">
          <p className="text-ink">
            Entre com a conta de {maskedEmail} para aceitar. Ainda não tem conta? Crie uma com esse
            e-mail e volte para este convite.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={loaderData.loginPath} className={buttonStyles({})}>
              Entrar para aceitar
            </Link>
            <Link to={loaderData.signupPath} className={buttonStyles({ variant: "secondary" })}>
              Criar conta
            </Link>
          </div>
        </div>
      ) : loaderData.state === "refused" ? (
        <p className="mt-6 rounded-xl border border-line bg-brand-50 p-4 text-ink">
          {loaderData.message}
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <PrimaryButton loading={submitting}>Aceitar convite</PrimaryButton>
          <Link to="/app" className={buttonStyles({ variant: "secondary" })}>
            Agora não
          </Link>
        </Form>
      )}
    </section>
  );
}
