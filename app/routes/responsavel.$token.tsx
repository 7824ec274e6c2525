import { data } from "react-router";
import { AgreementDocument } from "~/components/members/agreement-document";
import { MemberForm } from "~/components/members/member-form";
import { SectionHeading } from "~/components/ui/section-heading";
import { TextInput } from "~/components/ui/text-input";
import { validateForm } from "~/forms/form-validation";
import { consentAsGuardian, findGuardianRequest } from "~/guardians/guardian-consent.server";
import { guardianConsentSchema } from "~/guardians/guardian-consent-schema";
import { GUARDIAN_MESSAGES } from "~/guardians/guardian-messages";
import { readFormData } from "~/web/read-form-data.server";
import { clientContext } from "~/web/request-context.server";
import type { Route } from "./+types/responsavel.$token";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [
    { title: `Consentimento do responsável | ${appName}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The link is a secret: no cache keeps the page. */
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * A minor's parent or guardian, from the link e-mailed to them (ADR 0050), consents to the
 * account or to one termo de adesão. No sign-in: the link (256 random bits, kept hashed, one
 * purpose, 30 days) is the credential. An unknown link is 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const request = await findGuardianRequest(params.token);
  if (!request) throw data(null, { status: 404 });
  return {
    purpose: request.purpose,
    state: request.state,
    volunteerName: request.volunteerName,
    agreement: request.agreement,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await findGuardianRequest(params.token);
  if (!found) throw data(null, { status: 404 });
  const formData = await readFormData(request);
  const form = validateForm(guardianConsentSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  let outcome: "consented" | "already" | undefined;
  const failed = await saveOrFail(
    formData,
    "guardian consent",
    "Não foi possível registrar o consentimento. Tente novamente.",
    async () => {
      outcome = await consentAsGuardian({
        token: params.token,
        name: form.data.name,
        sha256: form.data.sha256 ?? null,
        ip: context.get(clientContext).ip,
      });
    },
  );
  if (failed) return failed;
  return { done: outcome ?? "already" };
}

const loadSchemas = () => import("~/guardians/guardian-consent-schema");

export default function GuardianConsent({ loaderData, actionData }: Route.ComponentProps) {
  const { purpose, state, volunteerName, agreement } = loaderData;
  const done = actionData && "done" in actionData;
  const failure = actionData && "error" in actionData ? actionData : null;
  const values = failure?.values ?? {};
  const title =
    purpose === "AGREEMENT" ? "Termo de adesão ao serviço voluntário" : "Conta de voluntário(a)";
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SectionHeading
        as="h1"
        label="Consentimento do responsável"
        title={title}
        description={
          purpose === "AGREEMENT" && agreement
            ? `${volunteerName}, que tem menos de 18 anos, recebeu este termo da instituição ${agreement.institutionName}. Ele só vale com o consentimento de um responsável legal.`
            : `${volunteerName}, que tem menos de 18 anos, criou uma conta de voluntário(a) e indicou você como responsável. Com o seu consentimento, a conta pode participar de atividades voluntárias; cada termo de adesão também pedirá o seu consentimento.`
        }
      />
      {agreement ? (
        <div className="mt-6">
          <AgreementDocument body={agreement.body} />
        </div>
      ) : null}
      <div className="mt-6 rounded-2xl border border-line bg-white p-5 shadow-card sm:p-8">
        {done || state === "used" ? (
          <p role="status" className="font-semibold text-success-700">
            {GUARDIAN_MESSAGES.done}
          </p>
        ) : state === "expired" ? (
          <p role="alert" className="font-semibold text-danger-700">
            {GUARDIAN_MESSAGES.expired}
          </p>
        ) : (
          <MemberForm
            schemas={loadSchemas}
            schema={(schemas) => schemas.guardianConsentSchema}
            serverError={failure?.error}
            submitLabel="Dou meu consentimento"
          >
            {(errorFor) => (
              <>
                {agreement ? (
                  <input type="hidden" name="sha256" value={agreement.bodySha256} />
                ) : null}
                <TextInput
                  name="name"
                  label="Seu nome completo"
                  autoComplete="name"
                  maxLength={50}
                  defaultValue={values.name}
                  error={errorFor("name")}
                />
                <label className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
                  <input
                    type="checkbox"
                    name="declare"
                    defaultChecked={values.declare === "on"}
                    aria-invalid={errorFor("declare") ? true : undefined}
                    aria-describedby={errorFor("declare") ? "declaracao-erro" : undefined}
                    className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
                  />
                  <span>
                    Declaro que sou mãe, pai ou responsável legal de {volunteerName} e
                    {agreement ? " consinto com este termo de adesão." : " consinto com a conta."}
                  </span>
                </label>
                {errorFor("declare") ? (
                  <p
                    id="declaracao-erro"
                    role="alert"
                    className="-mt-3 text-sm font-medium text-danger-700"
                  >
                    {errorFor("declare")}
                  </p>
                ) : null}
                <p className="text-sm text-ink-muted">
                  Registramos o nome informado, a data e a hora e o endereço IP
                  {agreement ? ", e o resumo (SHA-256) do texto do termo" : ""}.
                </p>
              </>
            )}
          </MemberForm>
        )}
      </div>
    </section>
  );
}
