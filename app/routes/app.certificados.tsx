import { Link } from "react-router";
import { CERTIFICATE_MESSAGES } from "~/certificates/certificate-messages";
import { certificateOptionsOf } from "~/certificates/certificate-options.server";
import { issueCertificateSchema, targetOf } from "~/certificates/certificate-schema";
import { certificateFacts } from "~/certificates/certificate-view";
import { certificatesOfVolunteer, issueCertificate } from "~/certificates/certificates.server";
import { CertificateCard } from "~/components/certificates/certificate-card";
import { IssueCertificateCard } from "~/components/certificates/issue-certificate-card";
import { WaitingHoursList } from "~/components/certificates/waiting-hours";
import { EmptyState } from "~/components/public/empty-state";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { DateField } from "~/components/ui/date-field";
import { DownloadIcon, ShieldCheckIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { SelectField } from "~/components/ui/select-field";
import { validateForm } from "~/forms/form-validation";
import { brDateToIso } from "~/forms/masks";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.certificados";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Meus certificados | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const [issued, { groups, waiting }] = await Promise.all([
    certificatesOfVolunteer(user.id),
    certificateOptionsOf(user.id),
  ]);
  return {
    certificates: issued.map((row) => ({ id: row.id, facts: certificateFacts(row) })),
    options: groups.flatMap((group) =>
      group.options.map((option) => ({
        value: option.value,
        label: `${group.institutionName}: ${option.label}`,
      })),
    ),
    waiting,
  };
}

/** "Emitir certificado": from the volunteer's own confirmed hours (ADR 0052). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const formData = await readFormData(request);
  const form = validateForm(issueCertificateSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  let created = false;
  const failed = await saveOrFail(
    formData,
    "certificates: issue",
    CERTIFICATE_MESSAGES.failed,
    async () => {
      const { from, to } = form.data;
      const issued = await issueCertificate({
        volunteerId: user.id,
        target: targetOf(form.data.target, { from, to }),
        issuer: { id: user.id, role: "VOLUNTEER" },
      });
      created = issued.created;
    },
  );
  if (failed) return failed;
  throw redirectWithFlash(
    "/app/certificados",
    created
      ? "Certificado emitido. Baixe o PDF abaixo."
      : "Este certificado já tinha sido emitido: é o mesmo, com o mesmo código.",
    "success",
  );
}

export default function MyCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { certificates, options, waiting } = loaderData;
  const values = actionData?.values ?? {};
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/voluntario" />
      <SectionHeading
        as="h1"
        label="Área do voluntário"
        title="Meus certificados"
        className="mt-4"
        description="Certificados das horas que as instituições confirmaram, com código e QR code para qualquer pessoa verificar."
      />
      <IssueCertificateCard
        canIssue={options.length > 0}
        nothingToIssue="Quando uma instituição confirmar as suas horas, você poderá emitir o certificado aqui. Horas ainda não confirmadas não entram em certificados."
        schema={(schemas) => schemas.issueCertificateSchema}
        serverError={actionData?.error}
      >
        {(errorFor) => (
          <>
            <SelectField
              name="target"
              label="Horas confirmadas"
              placeholder="Escolha a atividade ou o período"
              options={options}
              defaultValue={values.target ?? ""}
              error={errorFor("target")}
            />
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm text-ink-muted">
                Período (opcional, para “Todas as horas” e atividades contínuas)
              </legend>
              <DateField
                name="from"
                label="De"
                defaultValue={brDateToIso(values.from ?? "") ?? ""}
                error={errorFor("from")}
              />
              <DateField
                name="to"
                label="Até"
                defaultValue={brDateToIso(values.to ?? "") ?? ""}
                error={errorFor("to")}
              />
            </fieldset>
          </>
        )}
      </IssueCertificateCard>
      <WaitingHoursList waiting={waiting} />
      <h2 className="mt-10 text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Certificados emitidos
      </h2>
      {certificates.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title="Nenhum certificado ainda"
            description="Os certificados que você emitir aparecem aqui para baixar quando quiser."
          />
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {certificates.map(({ id, facts }) => (
            <CertificateCard key={id} facts={facts} subtitle={facts.institutionName}>
              <a
                href={`/app/certificados/${id}/certificado.pdf`}
                download
                className={buttonStyles({ variant: "primary", size: "sm" })}
              >
                <DownloadIcon className="size-4" />
                Baixar PDF
              </a>
              <Link
                to={`/certificados/${facts.code}`}
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <ShieldCheckIcon className="size-4" />
                Página de verificação
              </Link>
            </CertificateCard>
          ))}
        </ul>
      )}
    </section>
  );
}
