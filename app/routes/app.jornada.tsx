import { certificateOptionsOf } from "~/certificates/certificate-options.server";
import { WaitingHoursList } from "~/components/certificates/waiting-hours";
import { JourneyActivities, JourneyTotals } from "~/components/members/hours-journey";
import { MemberForm } from "~/components/members/member-form";
import { MemberSection } from "~/components/members/member-section";
import { MonthHoursFields } from "~/components/members/month-hours-fields";
import { BackButton } from "~/components/ui/back-button";
import { ErrorMessage } from "~/components/ui/error-message";
import { SectionHeading } from "~/components/ui/section-heading";
import { todayInBrazil } from "~/events/event-dates";
import { validateForm } from "~/forms/form-validation";
import { shownError } from "~/forms/shown-error";
import { logHoursSchema } from "~/hours/hours-schema";
import { journeyOf } from "~/hours/journey.server";
import { acceptedApplications, logOngoingHours } from "~/hours/ongoing-hours.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.jornada";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Minha jornada | ${appName}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  const [journey, activities, { waiting }] = await Promise.all([
    journeyOf(user.id),
    acceptedApplications({ volunteerId: user.id }),
    certificateOptionsOf(user.id),
  ]);
  return { journey, activities, waiting, thisMonth: todayInBrazil().slice(0, 7) };
}

/** Logs a month of an ongoing activity; the institution decides it (ADR 0051). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const formData = await readFormData(request);
  const form = validateForm(logHoursSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  const failed = await saveOrFail(
    formData,
    "hours: log",
    "Não foi possível registrar as horas. Tente novamente.",
    () => logOngoingHours({ ...form.data, minutes: form.data.hours, volunteerId: user.id }),
  );
  if (failed) return failed;
  throw redirectWithFlash(
    "/app/jornada",
    "Horas registradas. Elas passam a contar quando a instituição confirmar.",
    "success",
  );
}

const loadSchemas = () => import("~/hours/hours-schema");
const LOG_FIELDS = ["requestId", "month", "hours", "description"];

export default function MyJourney({ loaderData, actionData }: Route.ComponentProps) {
  const { journey, activities, waiting, thisMonth } = loaderData;
  const values = actionData?.values ?? {};
  const error = shownError(actionData?.error, LOG_FIELDS);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/voluntario" />
      <SectionHeading
        as="h1"
        label="Área do voluntário"
        title="Minha jornada"
        description="Suas horas de voluntariado confirmadas pelas instituições."
        className="mt-4"
      />
      {activities.length === 0 ? (
        <ErrorMessage
          message={error?.message}
          className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
        />
      ) : null}
      <JourneyTotals journey={journey} />
      <JourneyActivities journey={journey} />
      <WaitingHoursList waiting={waiting} />
      {activities.length > 0 ? (
        <MemberSection title="Registrar horas de atividade contínua">
          <div className="rounded-2xl border border-line bg-white p-5 shadow-card sm:p-6">
            <p className="mb-5 text-sm text-ink-muted">
              Para o voluntariado que você faz com uma instituição que aceitou sua candidatura.
              Registre um mês por vez; a instituição confirma ou recusa.
            </p>
            <MemberForm
              schemas={loadSchemas}
              schema={(schemas) => schemas.logHoursSchema}
              serverError={error}
              submitLabel="Registrar horas"
            >
              {(errorFor) => (
                <MonthHoursFields
                  people={activities}
                  personLabel="Instituição"
                  descriptionLabel="O que você fez"
                  thisMonth={thisMonth}
                  values={values}
                  errorFor={errorFor}
                />
              )}
            </MemberForm>
          </div>
        </MemberSection>
      ) : null}
    </section>
  );
}
