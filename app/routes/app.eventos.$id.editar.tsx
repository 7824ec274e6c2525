import { data } from "react-router";
import { EventForm } from "~/components/members/event-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { todayInBrazil } from "~/events/event-dates";
import { readEventForm } from "~/events/event-form.server";
import { EVENT_MESSAGES } from "~/events/event-form-schema";
import { findInstitutionEvent, isEditable, updateEvent } from "~/events/institution-events.server";
import { listMunicipalities, listStates } from "~/geo/localities.server";
import { redirectWithFlash } from "~/web/flash.server";
import { sessionUser } from "~/web/guards.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.eventos.$id.editar";
import { refusal, saveOrFail } from "./app.member-form.server";

/** Keeps the Retry-After of a 429 (uploads limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Editar evento | ${appName}` }, { name: "robots", content: "noindex" }];
}

/**
 * The institution's own event, still editable. Another institution's event answers 404, the
 * same as an id that does not exist; an approved or cancelled one goes back with a message.
 */
async function editableEvent(institutionId: string, eventId: string) {
  const event = await findInstitutionEvent(institutionId, eventId);
  if (!event) throw data(null, { status: 404 });
  if (!isEditable(event.status)) {
    throw redirectWithFlash("/app/instituicao", EVENT_MESSAGES.notEditable, "error");
  }
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await editableEvent(sessionUser(context).id, params.id);
  return {
    event,
    states: listStates(),
    cities: listMunicipalities(event.values.uf ?? "") ?? undefined,
    today: todayInBrazil(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = sessionUser(context);
  const event = await editableEvent(user.id, params.id);
  const formData = await readFormData(request);
  const form = await readEventForm(formData, {
    coverOnFile: Boolean(event.coverUrl),
    institutionId: user.id,
  });
  if (!form.ok) return refusal(formData, form);
  // An event approved or cancelled meanwhile is refused by updateEvent ("conflict", 409).
  const failed = await saveOrFail(formData, "events: update", EVENT_MESSAGES.failed, () =>
    updateEvent(user.id, event.id, form.input),
  );
  if (failed) return failed;
  throw redirectWithFlash("/app/instituicao", EVENT_MESSAGES.updated, "success");
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, states, today } = loaderData;
  const values = { ...event.values, ...actionData?.values };
  return (
    <MemberFormPage
      backTo="/app/instituicao"
      label="Área da instituição"
      title="Editar evento"
      description={
        event.status === "REJECTED"
          ? "Este evento não foi aprovado. Corrija o que for preciso e envie de novo: nossa equipe vai analisá-lo outra vez."
          : "Ao salvar, o evento volta para a análise da nossa equipe antes de ser publicado."
      }
    >
      <EventForm
        values={values}
        coverUrl={event.coverUrl}
        today={today}
        states={states}
        cities={values.uf === event.values.uf ? loaderData.cities : undefined}
        error={actionData?.error}
        submitLabel="Salvar e enviar para análise"
      />
    </MemberFormPage>
  );
}
