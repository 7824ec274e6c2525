import { Link } from "react-router";
import { CERTIFICATE_MESSAGES } from "~/certificates/certificate-messages";
import { institutionCertificateOptions } from "~/certificates/certificate-options.server";
import { institutionIssueSchema, targetOf } from "~/certificates/certificate-schema";
import { certificateFacts } from "~/certificates/certificate-view";
import { certificatesOfInstitution, issueCertificate } from "~/certificates/certificates.server";
import { CertificateCard } from "~/components/certificates/certificate-card";
import { IssueCertificateCard } from "~/components/certificates/issue-certificate-card";
import { EmptyState } from "~/components/public/empty-state";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { DownloadIcon, TrashIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { SelectField } from "~/components/ui/select-field";
import { validateForm } from "~/forms/form-validation";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.instituicao.certificados";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Certificados | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { institutionId } = actingMember(context);
  const [issued, people] = await Promise.all([
    certificatesOfInstitution(institutionId),
    institutionCertificateOptions(institutionId),
  ]);
  return {
    certificates: issued.map((row) => ({
      id: row.id,
      byInstitution: row.issuedByRole === "INSTITUTION",
      facts: certificateFacts(row),
    })),
    options: people.flatMap((person) =>
      person.options.map((option) => ({
        value: option.value,
        label: `${person.name}: ${option.label}`,
      })),
    ),
  };
}

/** "Emitir certificado" for a person whose hours this institution confirmed (ADR 0052). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const formData = await readFormData(request);
  const form = validateForm(institutionIssueSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  let created = false;
  const failed = await saveOrFail(
    formData,
    "certificates: institution issue",
    CERTIFICATE_MESSAGES.failed,
    async () => {
      const [volunteerId = "", ...rest] = form.data.target.split(":");
      const issued = await issueCertificate({
        volunteerId: volunteerId.toLowerCase(),
        target: targetOf(rest.join(":")),
        issuer: { id: member.institutionId, role: "INSTITUTION", actorId: member.userId },
      });
      created = issued.created;
    },
  );
  if (failed) return failed;
  throw redirectWithFlash(
    "/app/instituicao/certificados",
    created
      ? "Certificado emitido. A pessoa também o encontra em Meus certificados."
      : "Este certificado já tinha sido emitido: é o mesmo, com o mesmo código.",
    "success",
  );
}

export default function InstitutionCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { certificates, options } = loaderData;
  const values = actionData?.values ?? {};
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/instituicao" />
      <SectionHeading
        as="h1"
        label="Área da instituição"
        title="Certificados"
        className="mt-4"
        description="Todos os certificados emitidos em nome da instituição, pelos voluntários ou por vocês. Só horas que vocês confirmaram entram neles."
      />
      <IssueCertificateCard
        canIssue={options.length > 0}
        nothingToIssue="Depois que vocês confirmarem as horas de alguém, o certificado dessa pessoa pode ser emitido aqui."
        schema={(schemas) => schemas.institutionIssueSchema}
        serverError={actionData?.error}
      >
        {(errorFor) => (
          <SelectField
            name="target"
            label="Voluntário(a) e horas confirmadas"
            placeholder="Escolha a pessoa e as horas"
            options={options}
            defaultValue={values.target ?? ""}
            error={errorFor("target")}
          />
        )}
      </IssueCertificateCard>
      <h2 className="mt-10 text-xl font-bold tracking-tight text-ink sm:text-2xl">
        Emitidos em nome da instituição
      </h2>
      {certificates.length === 0 ? (
        <div className="mt-4">
          <EmptyState
            title="Nenhum certificado emitido"
            description="Quando um voluntário emitir o certificado das horas que vocês confirmaram, ele aparece aqui."
          />
        </div>
      ) : (
        <ul className="mt-4 flex flex-col gap-3">
          {certificates.map(({ id, facts, byInstitution }) => (
            <CertificateCard
              key={id}
              facts={facts}
              subtitle={`${facts.volunteerName ?? "Titular excluiu a conta"} · emitido ${byInstitution ? "pela instituição" : "pelo voluntário"}`}
            >
              <a
                href={`/app/certificados/${id}/certificado.pdf`}
                download
                className={buttonStyles({ variant: "secondary", size: "sm" })}
              >
                <DownloadIcon className="size-4" />
                Baixar PDF
              </a>
              {facts.revokedOn ? null : (
                <Link
                  to={`/app/instituicao/certificados/${id}/revogar`}
                  className={buttonStyles({ variant: "danger", size: "sm" })}
                >
                  <TrashIcon className="size-4" />
                  Revogar
                  <span className="sr-only"> o certificado {facts.code}</span>
                </Link>
              )}
            </CertificateCard>
          ))}
        </ul>
      )}
    </section>
  );
}
