import { data } from "react-router";
import { EventHoursForm } from "~/components/members/event-hours-form";
import { BackButton } from "~/components/ui/back-button";
import { ErrorMessage } from "~/components/ui/error-message";
import { CalendarIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { publicConfig } from "~/config/public-config.server";
import { validateForm } from "~/forms/form-validation";
import { shownError } from "~/forms/shown-error";
import { confirmEventHours, findHoursEvent, listEventHours } from "~/hours/event-hours.server";
import { eventHoursFormSchema } from "~/hours/hours-schema";
import { countText } from "~/lib/count-text";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.eventos.$id.horas";
import { formFailure, saveOrFail } from "./app.member-form.server";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Confirmar horas | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** The institution's own event, or 404: another institution's id reads as one that does not exist. */
async function ownEvent(institutionId: string, eventId: string) {
  const event = await findHoursEvent(institutionId, eventId);
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await ownEvent(actingMember(context).institutionId, params.id);
  const people = event.started && event.status !== "DELETED" ? await listEventHours(event.id) : [];
  return { event, people };
}

/** "Confirmar horas de todos": every row at once (ADR 0051). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const event = await ownEvent(member.institutionId, params.id);
  const formData = await readFormData(request);
  const form = validateForm(eventHoursFormSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  let outcome: { confirmed: number; absent: number } | undefined;
  const failed = await saveOrFail(
    formData,
    "hours: event",
    "Não foi possível confirmar as horas. Tente novamente.",
    async () => {
      outcome = await confirmEventHours({
        institutionId: member.institutionId,
        actorId: member.userId,
        eventId: event.id,
        entries: form.data,
        journeyUrl: new URL("/app/jornada", publicConfig().baseUrl).toString(),
      });
    },
  );
  if (failed || !outcome) return failed;
  const absent = outcome.absent > 0 ? ` · ${outcome.absent} não compareceu` : "";
  throw redirectWithFlash(
    `/app/eventos/${event.id}/horas`,
    `Horas confirmadas para ${countText(outcome.confirmed, "pessoa", "pessoas")}${absent}.`,
    "success",
  );
}

export default function EventHours({ loaderData, actionData }: Route.ComponentProps) {
  const { event, people } = loaderData;
  const error = shownError(actionData?.error, [
    "allHours",
    ...people.map((person) => `hours-${person.userId}`),
  ]);
  const form = event.status !== "DELETED" && event.started && people.length > 0;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to={`/app/eventos/${event.id}/participantes`} />
      <SectionHeading
        as="h1"
        label="Confirmar horas"
        title={event.name}
        className="mt-4"
        description={
          <span className="flex items-center gap-1.5">
            <CalendarIcon className="size-4 shrink-0" />
            {event.date}
            {event.time ? `, das ${event.time}` : " (o dia todo)"}
          </span>
        }
      />
      {form ? null : (
        <ErrorMessage
          message={error?.message}
          className="mt-6 rounded-xl border border-danger-200 bg-danger-50 p-4"
        />
      )}
      {event.status === "DELETED" ? (
        <Notice>Este evento foi cancelado: não há horas a confirmar.</Notice>
      ) : !event.started ? (
        <Notice>
          As horas são confirmadas depois que o evento começa. Volte aqui no dia do evento para
          registrar quem compareceu.
        </Notice>
      ) : people.length === 0 ? (
        <Notice>Ninguém teve a presença confirmada neste evento: não há horas a confirmar.</Notice>
      ) : (
        <>
          <p className="mt-6 text-sm text-ink-muted">
            Marque quem compareceu e confira as horas de cada pessoa. As horas só contam para os
            voluntários depois de confirmadas aqui, e você pode corrigi-las depois.
          </p>
          <EventHoursForm
            people={people}
            defaultMinutes={event.defaultMinutes}
            error={error}
            values={actionData?.values}
          />
        </>
      )}
    </section>
  );
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-6 rounded-2xl border border-line bg-white p-5 text-ink shadow-card">
      {children}
    </p>
  );
}
