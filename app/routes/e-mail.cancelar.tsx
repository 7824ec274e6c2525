import { data, Form, Link } from "react-router";
import { AuthPage, HOME_LINK } from "~/components/auth/auth-page";
import { buttonStyles } from "~/components/ui/button-styles";
import { ErrorMessage } from "~/components/ui/error-message";
import { EMAIL_KINDS } from "~/email/email-kinds";
import { optOut, readOptOutToken } from "~/email/unsubscribe.server";
import type { RouteHandle } from "~/root";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/e-mail.cancelar";

/**
 * The opt-out link of every e-mail that is not strictly transactional (ADR 0068). A GET only
 * shows what the link would turn off and a button (link scanners open links); a POST turns it
 * off: the page's own form, or a mail provider's one-click post (RFC 8058: the body
 * "List-Unsubscribe=One-Click", no cookie, no Origin; server/app.ts lets exactly this address
 * through the Origin check). The sealed token in the address says which address and kind.
 */
export const handle: RouteHandle = { layout: "bare" };

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Cancelar e-mails | ${appName}` }, { name: "robots", content: "noindex" }];
}

const INVALID = "Este link não é válido. Use o link do e-mail que você recebeu, sem cortes.";

export function loader({ url }: Route.LoaderArgs) {
  const target = readOptOutToken(url.searchParams.get("token"));
  return { kindLabel: target ? EMAIL_KINDS[target.kind].label : null };
}

export async function action({ request, url }: Route.ActionArgs) {
  const target = readOptOutToken(url.searchParams.get("token"));
  if (!target) return data({ done: null, error: INVALID }, { status: 400 });
  const formData = await readFormData(request);
  const all = formData.get("escopo") === "todos";
  await optOut(target.address, all ? "all" : target.kind);
  return { done: all ? ("all" as const) : ("kind" as const), error: null };
}

const LINKS = [HOME_LINK];

export default function CancelEmails({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.done) {
    return (
      <AuthPage links={LINKS} label="E-mails" title="Pronto, envio cancelado">
        <p className="text-ink-muted">
          {actionData.done === "all"
            ? "Este endereço não vai mais receber nossos avisos. Só enviaremos e-mails essenciais que você mesmo pedir, como a redefinição de senha."
            : `Este endereço não vai mais receber: ${loaderData.kindLabel}.`}
        </p>
        <p className="mt-4 text-ink-muted">
          Tem conta? Você pode mudar isso quando quiser em “E-mails que você recebe”, na sua área.
        </p>
        <Link to="/" className={buttonStyles({ fullWidth: true, className: "mt-6" })}>
          Ir para a página inicial
        </Link>
      </AuthPage>
    );
  }
  if (!loaderData.kindLabel) {
    return (
      <AuthPage links={LINKS} label="E-mails" title="Link inválido">
        <p className="text-ink-muted">{INVALID}</p>
      </AuthPage>
    );
  }
  return (
    <AuthPage
      links={LINKS}
      label="E-mails"
      title="Cancelar o envio de e-mails"
      description={`Você não vai mais receber: ${loaderData.kindLabel}.`}
    >
      <ErrorMessage message={actionData?.error} />
      <Form method="post" className="flex flex-col gap-3">
        <button
          type="submit"
          name="escopo"
          value="tipo"
          className={buttonStyles({ fullWidth: true })}
        >
          Cancelar este tipo de e-mail
        </button>
        <button
          type="submit"
          name="escopo"
          value="todos"
          className={buttonStyles({ variant: "secondary", fullWidth: true })}
        >
          Cancelar todos os avisos
        </button>
      </Form>
    </AuthPage>
  );
}
