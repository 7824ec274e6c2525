import { data, Form, useNavigation } from "react-router";
import { acceptanceRecord } from "~/agreements/agreement-record";
import { AGREEMENT_MESSAGES } from "~/agreements/agreement-status";
import { agreementPdfPath, issuedOn } from "~/agreements/agreement-view";
import { acceptAgreement, findAgreement } from "~/agreements/agreements.server";
import { resendGuardianAgreementLink } from "~/agreements/guardian-link.server";
import { AcceptanceRecord, AgreementDocument } from "~/components/members/agreement-document";
import { StatusBadge } from "~/components/members/status-badge";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { CheckIcon, DownloadIcon } from "~/components/ui/icons";
import { MailIcon } from "~/components/ui/icons-more";
import { PrimaryButton } from "~/components/ui/primary-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { log } from "~/lib/log.server";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import { clientContext } from "~/web/request-context.server";
import type { Route } from "./+types/app.termos.$id";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Termo de adesão | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** The person's own termo, or 404: someone else's id reads as one that does not exist. */
async function ownAgreement(volunteerId: string, id: string) {
  const agreement = await findAgreement(id, { volunteerId });
  if (!agreement) throw data(null, { status: 404 });
  return agreement;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const agreement = await ownAgreement(sessionUser(context).id, params.id);
  return {
    agreement: {
      id: agreement.id,
      activity: agreement.activity,
      institutionName: agreement.institutionName,
      body: agreement.body,
      bodySha256: agreement.bodySha256,
      status: agreement.status,
      guardianRequired: agreement.guardianRequired,
      /** The guardian has a link to consent and has not yet: the volunteer may ask for a new one. */
      guardianPending: agreement.guardianRequired && !agreement.guardianConsentedAt,
      guardianName: agreement.guardianName,
      issuedOn: issuedOn(agreement.createdAt),
    },
    record: acceptanceRecord(agreement),
  };
}

const RESEND_INTENT = "reenviar-responsavel";

/**
 * "Li e aceito o termo": the person of the session accepts the text whose hash the page showed;
 * or, for a minor's termo, asks for a new link for the guardian (intent RESEND_INTENT).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const agreement = await ownAgreement(user.id, params.id);
  const page = `/app/termos/${agreement.id}`;
  const formData = await readFormData(request);
  try {
    if (formData.get("intent") === RESEND_INTENT) {
      await resendGuardianAgreementLink({ agreementId: agreement.id, volunteerId: user.id });
      throw redirectWithFlash(page, AGREEMENT_MESSAGES.guardianLinkSent, "success");
    }
    const accepted = await acceptAgreement({
      id: agreement.id,
      volunteerId: user.id,
      sha256: String(formData.get("sha256") ?? ""),
      ip: context.get(clientContext).ip,
      userAgent: request.headers.get("user-agent"),
    });
    throw redirectWithFlash(
      page,
      accepted.status === "AWAITING_GUARDIAN"
        ? AGREEMENT_MESSAGES.acceptedAwaitingGuardian
        : AGREEMENT_MESSAGES.accepted,
      "success",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusalOf(error);
    if (refused) throw redirectWithFlash(page, refused.error.message, "error");
    log.error({ err: error }, "agreement action failed");
    throw redirectWithFlash(page, AGREEMENT_MESSAGES.failed, "error");
  }
}

export default function AgreementPage({ loaderData }: Route.ComponentProps) {
  const { agreement, record } = loaderData;
  const navigation = useNavigation();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/termos" />
      <SectionHeading
        as="h1"
        label="Termo de adesão"
        title={agreement.activity}
        className="mt-4"
        description={`${agreement.institutionName} · emitido em ${agreement.issuedOn}`}
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <StatusBadge kind="agreement" status={agreement.status} />
        {agreement.guardianRequired && agreement.status !== "ACCEPTED" ? (
          <p className="text-sm text-ink-muted">{AGREEMENT_MESSAGES.awaitingGuardian}</p>
        ) : null}
      </div>
      {agreement.guardianPending ? (
        <Form
          method="post"
          className="mt-4 flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 text-sm text-ink-muted sm:flex-row sm:items-center sm:justify-between"
        >
          <input type="hidden" name="intent" value={RESEND_INTENT} />
          <p>
            {agreement.guardianName
              ? `Enviamos a ${agreement.guardianName} um link para consentir.`
              : "Enviamos ao seu responsável um link para consentir."}{" "}
            O link não chegou ou expirou?
          </p>
          <PrimaryButton
            variant="secondary"
            size="sm"
            icon={<MailIcon className="size-4" />}
            loading={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === RESEND_INTENT
            }
            className="shrink-0"
          >
            Reenviar link ao responsável
          </PrimaryButton>
        </Form>
      ) : null}
      <div className="mt-6">
        <AgreementDocument body={agreement.body} />
      </div>
      {agreement.status === "PENDING" ? (
        <Form
          method="post"
          className="mt-6 flex flex-col gap-3 rounded-2xl border border-line bg-white p-5 shadow-card"
        >
          <input type="hidden" name="sha256" value={agreement.bodySha256} />
          <p className="text-sm text-ink-muted">
            Ao aceitar, registramos seu nome, a data e a hora, o endereço IP e o resumo (SHA-256)
            deste texto.
            {agreement.guardianRequired
              ? " Como você tem menos de 18 anos, o termo só vale depois que seu responsável também consentir pelo link que recebeu por e-mail."
              : ""}
          </p>
          <PrimaryButton
            icon={<CheckIcon />}
            loading={
              navigation.state === "submitting" && navigation.formData?.get("intent") == null
            }
            fullWidth
          >
            Li e aceito o termo
          </PrimaryButton>
        </Form>
      ) : null}
      <h2 className="mt-8 text-lg font-bold text-ink">Registro de aceite</h2>
      <div className="mt-3">
        <AcceptanceRecord rows={record} />
      </div>
      <a
        href={agreementPdfPath(agreement.id)}
        download
        className={buttonStyles({ variant: "secondary", fullWidth: true, className: "mt-6" })}
      >
        <DownloadIcon className="size-5" />
        Baixar PDF
      </a>
    </section>
  );
}
