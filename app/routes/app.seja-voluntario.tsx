import { data, Form, useNavigation } from "react-router";
import { APPLICATION_MESSAGES } from "~/applications/application-messages";
import { applicationSchema } from "~/applications/application-schema";
import {
  applicationDefaults,
  applyToInstitution,
  findApplicationTarget,
  latestApplication,
} from "~/applications/applications.server";
import { Avatar } from "~/components/ui/avatar";
import { BackButton } from "~/components/ui/back-button";
import { EmailInput } from "~/components/ui/email-input";
import { ErrorMessage } from "~/components/ui/error-message";
import { PhoneField } from "~/components/ui/phone-field";
import { PrimaryButton } from "~/components/ui/primary-button";
import { SectionHeading } from "~/components/ui/section-heading";
import { TextArea } from "~/components/ui/text-area";
import { MAX_LENGTH } from "~/config/constants";
import { env } from "~/config/env.server";
import { echoValues, useFormValidation, validateForm } from "~/forms/form-validation";
import { log } from "~/lib/log.server";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.seja-voluntario";

const institutionPath = (id: string) => `/instituicoes/${id}`;

const applicationSchemas = () => import("~/applications/application-schema");

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  const name = loaderData?.institution.name ?? "instituição";
  return [
    { title: `Seja voluntário: ${name} | ${appName}` },
    { name: "robots", content: "noindex" },
  ];
}

/** An unknown or unapproved institution: the spec's message, and back to the directory. */
function notFound(): never {
  throw redirectWithFlash("/instituicoes", APPLICATION_MESSAGES.notFound, "error");
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const institution = await findApplicationTarget(url.searchParams.get("id") ?? "");
  if (!institution) notFound();
  return {
    institution,
    // A pending application is always the latest: a new one waits until it is answered.
    alreadyApplied: (await latestApplication(user.id, institution.id))?.status === "PENDING",
    defaults: await applicationDefaults(user),
    applicant: { name: user.name, email: user.email, profile: user.profile },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const institution = await findApplicationTarget(url.searchParams.get("id") ?? "");
  if (!institution) notFound();
  const formData = await readFormData(request);
  const parsed = validateForm(applicationSchema, formData);
  if (!parsed.ok)
    return data({ error: parsed.error, values: echoValues(formData) }, { status: 400 });
  try {
    await applyToInstitution({
      volunteer: user,
      institution,
      institutionUrl: new URL(institutionPath(institution.id), env().BASE_URL).toString(),
      ...parsed.data,
    });
  } catch (error) {
    // Applied meanwhile (another tab): the domain's "conflict", with its message.
    const refused = refusalOf(error);
    if (!refused) log.error({ err: error }, "application failed");
    return data(
      {
        error: refused?.error ?? { field: "form", message: APPLICATION_MESSAGES.failed },
        values: echoValues(formData),
      },
      { status: refused?.status ?? 500 },
    );
  }
  // Back where the person decided to apply: the page now shows the application's status.
  throw redirectWithFlash(institutionPath(institution.id), APPLICATION_MESSAGES.sent, "success");
}

export default function Apply({ loaderData, actionData }: Route.ComponentProps) {
  const { institution, alreadyApplied, defaults, applicant } = loaderData;
  const values: Record<string, string> = { ...defaults, ...actionData?.values };
  const validation = useFormValidation(
    applicationSchemas,
    (schemas) => schemas.applicationSchema,
    actionData?.error,
  );
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-8 sm:py-12">
      <BackButton to={institutionPath(institution.id)} />
      <div className="mt-4 rounded-2xl border border-line bg-white p-6 shadow-card sm:p-8">
        <SectionHeading
          as="h1"
          label="Seja voluntário"
          title={`Quero fazer parte da instituição ${institution.name}`}
          description="A instituição recebe seus dados por e-mail e entra em contato com você."
        />
        <div className="mt-5 flex items-center gap-3 rounded-xl bg-surface p-3">
          <Avatar photoUrl={institution.logoUrl} size={48} />
          <div className="min-w-0">
            <p className="font-semibold text-ink">{institution.name}</p>
            <p className="text-sm text-ink-muted">
              {institution.city}/{institution.state}
            </p>
          </div>
        </div>
        <p className="mt-4 text-sm text-ink-muted">
          {applicant.profile === "INSTITUTION"
            ? "Você entrou com a conta de uma instituição: a candidatura vai em nome dela, "
            : "A candidatura vai em nome de "}
          <strong className="font-semibold text-ink">{applicant.name}</strong> (
          <span className="break-all">{applicant.email}</span>).
        </p>
        {alreadyApplied ? (
          <p role="status" className="mt-6 rounded-xl bg-brand-50 p-4 text-brand-900">
            {APPLICATION_MESSAGES.duplicate}
          </p>
        ) : (
          <Form
            method="post"
            noValidate
            {...validation.formProps}
            className="mt-6 flex flex-col gap-5"
          >
            <EmailInput
              name="replyEmail"
              label="E-mail para resposta"
              defaultValue={values.replyEmail}
              error={validation.errorFor("replyEmail")}
            />
            <PhoneField
              name="phone"
              defaultValue={values.phone}
              error={validation.errorFor("phone")}
            />
            <TextArea
              name="summary"
              label="Conte sobre você e por que quer ajudar"
              maxLength={MAX_LENGTH.volunteerSummary}
              defaultValue={values.summary}
              error={validation.errorFor("summary")}
            />
            <ErrorMessage message={validation.errorFor("form")} />
            <PrimaryButton fullWidth loading={submitting}>
              Enviar candidatura
            </PrimaryButton>
          </Form>
        )}
      </div>
    </section>
  );
}
