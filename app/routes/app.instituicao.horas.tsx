import { MemberForm } from "~/components/members/member-form";
import { MemberSection } from "~/components/members/member-section";
import { MonthHoursFields } from "~/components/members/month-hours-fields";
import { PendingHoursList } from "~/components/members/pending-hours";
import { BackButton } from "~/components/ui/back-button";
import { ErrorMessage } from "~/components/ui/error-message";
import { SectionHeading } from "~/components/ui/section-heading";
import { publicConfig } from "~/config/public-config.server";
import { todayInBrazil } from "~/events/event-dates";
import { validateForm } from "~/forms/form-validation";
import { shownError } from "~/forms/shown-error";
import { HOURS_MESSAGES } from "~/hours/hours-limits";
import {
  confirmMonthSchema,
  declineHoursSchema,
  declineManyHoursSchema,
} from "~/hours/hours-schema";
import {
  acceptedApplications,
  confirmMonth,
  countPendingHours,
  decideOngoingHours,
  declineManyOngoingHours,
  listPendingHours,
} from "~/hours/ongoing-hours.server";
import { groupThousands } from "~/lib/count-text";
import { log } from "~/lib/log.server";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.instituicao.horas";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Horas dos voluntários | ${appName}` }, { name: "robots", content: "noindex" }];
}

const PAGE = "/app/instituicao/horas";

export async function loader({ context }: Route.LoaderArgs) {
  const { institutionId } = actingMember(context);
  const [pending, pendingTotal, applications] = await Promise.all([
    listPendingHours(institutionId),
    countPendingHours(institutionId),
    acceptedApplications({ institutionId }),
  ]);
  return { pending, pendingTotal, applications, thisMonth: todayInBrazil().slice(0, 7) };
}

const journeyUrl = () => new URL("/app/jornada", publicConfig().baseUrl).toString();

/** Approve, decline (with a reason) or confirm a month directly (ADR 0051). */
export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const by = { institutionId: member.institutionId, actorId: member.userId };
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent === "month") {
    const form = validateForm(confirmMonthSchema, formData);
    if (!form.ok) return formFailure(formData, form.error);
    let name = "";
    const failed = await saveOrFail(
      formData,
      "hours: month",
      "Não foi possível confirmar as horas. Tente novamente.",
      async () => {
        ({ name } = await confirmMonth({
          ...form.data,
          minutes: form.data.hours,
          ...by,
          journeyUrl: journeyUrl(),
        }));
      },
    );
    if (failed) return failed;
    throw redirectWithFlash(PAGE, `Horas de ${name} confirmadas.`, "success");
  }
  if (intent === "decline-many") {
    const form = validateForm(declineManyHoursSchema, formData);
    if (!form.ok) return formFailure(formData, form.error);
    let declined = 0;
    const failed = await saveOrFail(
      formData,
      "hours: decline many",
      "Não foi possível recusar as horas. Tente novamente.",
      async () => {
        ({ declined } = await declineManyOngoingHours({
          ...form.data,
          ...by,
          journeyUrl: journeyUrl(),
        }));
      },
    );
    if (failed) return failed;
    throw redirectWithFlash(
      PAGE,
      declined === 0
        ? "Nenhum registro recusado: as horas escolhidas já tinham sido analisadas."
        : `${declined} ${declined === 1 ? "registro recusado" : "registros recusados"}. Avisamos por e-mail.`,
      declined === 0 ? "error" : "success",
    );
  }
  if (intent !== "approve" && intent !== "decline") {
    throw redirectWithFlash(PAGE, HOURS_MESSAGES.unknownIntent, "error");
  }
  let reason: string | undefined;
  if (intent === "decline") {
    const form = validateForm(declineHoursSchema, formData);
    if (!form.ok) return formFailure(formData, form.error);
    reason = form.data.reason;
  }
  try {
    const { name } = await decideOngoingHours({
      ...by,
      hoursId: String(formData.get("id") ?? ""),
      decision: intent,
      reason,
      journeyUrl: journeyUrl(),
    });
    const done = intent === "approve" ? "aprovadas" : "recusadas";
    throw redirectWithFlash(PAGE, `Horas de ${name} ${done}. Avisamos por e-mail.`, "success");
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusalOf(error);
    if (refused) throw redirectWithFlash(PAGE, refused.error.message, "error");
    log.error({ err: error }, "hours decision failed");
    throw redirectWithFlash(PAGE, "Não foi possível salvar a decisão. Tente novamente.", "error");
  }
}

const loadSchemas = () => import("~/hours/hours-schema");
const MONTH_FIELDS = ["requestId", "month", "hours", "description"];

export default function InstitutionHours({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, pendingTotal, applications, thisMonth } = loaderData;
  const values = actionData?.values ?? {};
  // A failed post shows by its form: a decline in its row, a month in the month form; one the
  // page has no place for (a row already gone, a forged field) at the top.
  const declineRow = pending.find((row) => row.id === values.id);
  const failedDecline =
    actionData && values.intent === "decline" && declineRow
      ? { id: declineRow.id, reason: values.reason ?? "", error: actionData.error }
      : null;
  const monthError =
    values.intent === "month" && applications.length > 0
      ? shownError(actionData?.error, MONTH_FIELDS)
      : null;
  const failedBulk =
    actionData && values.intent === "decline-many" && pending.length > 0
      ? { ids: postedIds(values.ids), reason: values.reason ?? "", error: actionData.error }
      : null;
  const topError =
    actionData && !failedDecline && !monthError && !failedBulk ? actionData.error.message : null;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/instituicao" />
      <SectionHeading
        as="h1"
        label="Área da instituição"
        title="Horas dos voluntários"
        description="Horas de voluntariado contínuo: só contam para o voluntário depois que você confirma."
        className="mt-4"
      />
      <ErrorMessage
        message={topError}
        className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
      />
      <MemberSection title="Aguardando aprovação" count={pendingTotal}>
        <PendingHoursList pending={pending} failed={failedDecline} failedBulk={failedBulk} />
        {pendingTotal > pending.length ? (
          <p className="mt-3 text-sm text-ink-muted">
            Mostrando os {pending.length} registros mais antigos de {groupThousands(pendingTotal)}.
            Os demais aparecem aqui conforme você decide.
          </p>
        ) : null}
      </MemberSection>
      <MemberSection title="Confirmar horas de um mês">
        {applications.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-white p-6 text-center text-ink-muted">
            Quando você aceitar candidaturas, poderá confirmar aqui as horas de cada voluntário por
            mês.
          </p>
        ) : (
          <div className="rounded-2xl border border-line bg-white p-5 shadow-card sm:p-6">
            <MemberForm
              schemas={loadSchemas}
              schema={(schemas) => schemas.confirmMonthSchema}
              serverError={monthError}
              submitLabel="Confirmar horas"
            >
              {(errorFor) => (
                <>
                  <input type="hidden" name="intent" value="month" />
                  <MonthHoursFields
                    people={applications}
                    personLabel="Voluntário"
                    descriptionLabel="Atividade realizada"
                    thisMonth={thisMonth}
                    values={values.intent === "month" ? values : {}}
                    errorFor={errorFor}
                  />
                </>
              )}
            </MemberForm>
          </div>
        )}
      </MemberSection>
    </section>
  );
}

/** The checked rows of a failed bulk decline, as the form echoed them back (comma-joined). */
function postedIds(ids: string | undefined): string[] {
  return ids ? ids.split(",") : [];
}
