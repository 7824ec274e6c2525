import { data } from "react-router";
import { REASON_LIMITS } from "~/certificates/certificate-limits";
import { CERTIFICATE_MESSAGES } from "~/certificates/certificate-messages";
import { revokeCertificateSchema } from "~/certificates/certificate-schema";
import { certificateFacts } from "~/certificates/certificate-view";
import { ownCertificate, revokeCertificate } from "~/certificates/certificates.server";
import { CertificateFactList } from "~/components/certificates/certificate-facts";
import { MemberForm } from "~/components/members/member-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { TextArea } from "~/components/ui/text-area";
import { validateForm } from "~/forms/form-validation";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.instituicao.certificados.$id.revogar";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Revogar certificado | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** A still-valid certificate issued in this institution's name, or 404. */
async function revocable(institutionId: string, certificateId: string) {
  const certificate = await ownCertificate(institutionId, certificateId);
  if (!certificate || certificate.institutionId !== institutionId || certificate.revokedAt) {
    throw data(null, { status: 404 });
  }
  return certificate;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const certificate = await revocable(actingMember(context).institutionId, params.id);
  return { facts: certificateFacts(certificate) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const found = await ownCertificate(member.institutionId, params.id);
  if (found?.revokedAt && found.institutionId === member.institutionId) {
    // A second submit of the same form: the first one did it.
    throw redirectWithFlash(
      "/app/instituicao/certificados",
      "Este certificado já foi revogado.",
      "info",
    );
  }
  const certificate = await revocable(member.institutionId, params.id);
  const formData = await readFormData(request);
  const form = validateForm(revokeCertificateSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  const failed = await saveOrFail(
    formData,
    "certificates: revoke",
    CERTIFICATE_MESSAGES.revokeFailed,
    () =>
      revokeCertificate({
        institutionId: member.institutionId,
        actorId: member.userId,
        certificateId: certificate.id,
        reason: form.data.reason,
      }),
  );
  if (failed) return failed;
  throw redirectWithFlash(
    "/app/instituicao/certificados",
    "Certificado revogado. A página de verificação passa a dizer que ele foi revogado.",
    "success",
  );
}

const loadSchemas = () => import("~/certificates/certificate-schema");

export default function RevokeCertificate({ loaderData, actionData }: Route.ComponentProps) {
  const { facts } = loaderData;
  const values = actionData?.values ?? {};
  return (
    <MemberFormPage
      backTo="/app/instituicao/certificados"
      label="Certificados"
      title="Revogar certificado"
      description="A revogação não pode ser desfeita: quem consultar o código verá que o certificado foi revogado e em que data. O motivo fica registrado para a instituição e não aparece na página pública. As horas deste certificado só entram em outro emitido pelo voluntário depois que vocês as corrigirem na página de horas ou emitirem vocês mesmos um novo certificado delas."
    >
      <div className="rounded-2xl bg-surface p-4">
        <CertificateFactList facts={facts} />
      </div>
      <MemberForm
        schemas={loadSchemas}
        schema={(schemas) => schemas.revokeCertificateSchema}
        serverError={actionData?.error}
        submitLabel="Revogar certificado"
        danger
        className="mt-6 flex flex-col gap-5"
      >
        {(errorFor) => (
          <TextArea
            name="reason"
            label="Motivo da revogação"
            rows={4}
            maxLength={REASON_LIMITS.max}
            hint="Por exemplo: horas lançadas por engano."
            defaultValue={values.reason}
            error={errorFor("reason")}
          />
        )}
      </MemberForm>
    </MemberFormPage>
  );
}
