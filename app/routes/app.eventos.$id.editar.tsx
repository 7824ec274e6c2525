import { data, redirect } from "react-router";
import { requireApprovedInstitution } from "~/account/institution-guard.server";
import {
  formFailure,
  redirectWithFlash,
  refusal,
  savedImageMissing,
} from "~/account/member-form.server";
import { requireUser, sessionUser } from "~/auth/guards.server";
import { EventForm } from "~/components/members/event-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { todayInBrazil } from "~/events/event-dates";
import { readEventForm } from "~/events/event-form.server";
import { EVENT_MESSAGES } from "~/events/event-form-schema";
import {
  EventNotEditableError,
  findInstitutionEvent,
  isEditable,
  updateEvent,
} from "~/events/institution-events.server";
import { listMunicipalities, listStates } from "~/geo/localities.server";
import { flashCookie } from "~/lib/flash.server";
import { log } from "~/lib/log.server";
import { readFormData } from "~/lib/read-form-data.server";
import type { Route } from "./+types/app.eventos.$id.editar";

export const middleware: Route.MiddlewareFunction[] = [
  requireUser("INSTITUTION"),
  requireApprovedInstitution,
];

/** Keeps the Retry-After of a 429 (uploads limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/lib/retry-after";

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
    throw redirect("/app/instituicao", {
      headers: {
        "Set-Cookie": flashCookie({ message: EVENT_MESSAGES.notEditable, tone: "error" }),
      },
    });
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
  try {
    await updateEvent(user.id, event.id, form.input);
  } catch (error) {
    if (error instanceof EventNotEditableError) {
      return formFailure(formData, { field: "form", message: EVENT_MESSAGES.notEditable }, 409);
    }
    const missing = savedImageMissing(formData, error);
    if (missing) return missing;
    log.error({ err: error }, "event update failed");
    return formFailure(formData, { field: "form", message: EVENT_MESSAGES.failed }, 500);
  }
  redirectWithFlash("/app/instituicao", EVENT_MESSAGES.updated);
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
