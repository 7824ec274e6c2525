import { data, Link } from "react-router";
import { getSetting } from "~/admin/settings.server";
import { EventForm } from "~/components/members/event-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { ReviewNote } from "~/components/members/review-notes";
import { UsersIcon } from "~/components/ui/icons";
import { todayInBrazil } from "~/events/event-dates";
import { readEventForm } from "~/events/event-form.server";
import { EVENT_MESSAGES } from "~/events/event-form-schema";
import {
  type EventUpdateOutcome,
  findInstitutionEvent,
  isEditable,
  updateEvent,
} from "~/events/institution-events.server";
import { echoedChoices } from "~/forms/choice-list";
import { listCityNames, listUfs } from "~/geo/localities.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
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
 * same as an id that does not exist; a cancelled one, or a published one whose day has passed,
 * goes back with a message.
 */
async function editableEvent(institutionId: string, eventId: string) {
  const event = await findInstitutionEvent(institutionId, eventId);
  if (!event) throw data(null, { status: 404 });
  if (!isEditable(event.status, event.eventDate)) {
    throw redirectWithFlash("/app/instituicao", EVENT_MESSAGES.notEditable, "error");
  }
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await editableEvent(actingMember(context).institutionId, params.id);
  return {
    event,
    // Read for the note the institution sees before saving a published event.
    movesNeedReview:
      event.status === "APPROVED" ? await getSetting("eventChangesNeedReview") : false,
    ufs: listUfs(),
    cities: listCityNames(event.values.uf ?? "") ?? undefined,
    today: todayInBrazil(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const event = await editableEvent(member.institutionId, params.id);
  const formData = await readFormData(request);
  const form = await readEventForm(formData, {
    coverOnFile: Boolean(event.coverUrl),
    uploaderId: member.userId,
  });
  if (!form.ok) return refusal(formData, form);
  // An event cancelled (or past) meanwhile is refused by updateEvent ("conflict", 409).
  let outcome: EventUpdateOutcome | undefined;
  const failed = await saveOrFail(formData, "events: update", EVENT_MESSAGES.failed, async () => {
    outcome = await updateEvent(member.institutionId, event.id, form.input, member.userId);
  });
  if (failed || !outcome) return failed;
  const message = outcome.inReview ? EVENT_MESSAGES.updated : EVENT_MESSAGES.updatedLive;
  throw redirectWithFlash("/app/instituicao", message, "success");
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, ufs, today, movesNeedReview } = loaderData;
  const values = { ...event.values, ...echoedChoices(actionData?.values) };
  const published = event.status === "APPROVED";
  return (
    <MemberFormPage
      backTo="/app/instituicao"
      label="Área da instituição"
      title="Editar evento"
      description={editDescription(event.status, movesNeedReview)}
    >
      {published && movesNeedReview ? (
        <ReviewNote title="Mudou a data ou o endereço?" className="mb-6">
          Uma nova data ou um novo endereço passa pela análise da nossa equipe: até a aprovação, o
          evento sai do site. As outras alterações aparecem na hora.
        </ReviewNote>
      ) : null}
      {published ? (
        <Link
          to={`/app/eventos/${event.id}/participantes`}
          className="mb-6 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 underline decoration-brand-300 underline-offset-4 hover:text-brand-900 focus-ring"
        >
          <UsersIcon className="size-5 shrink-0" />
          Ver participantes e lista de espera
        </Link>
      ) : null}
      <EventForm
        values={values}
        coverUrl={event.coverUrl}
        today={today}
        ufs={ufs}
        cities={values.uf === event.values.uf ? loaderData.cities : undefined}
        error={actionData?.error}
        submitLabel={published ? "Salvar alterações" : "Salvar e enviar para análise"}
      />
    </MemberFormPage>
  );
}

/** What saving does to this event, said before the institution saves. */
function editDescription(status: string, movesNeedReview: boolean): string {
  if (status === "REJECTED") {
    return "Este evento não foi aprovado. Corrija o que for preciso e envie de novo: nossa equipe vai analisá-lo outra vez.";
  }
  if (status === "APPROVED") {
    return movesNeedReview
      ? "Este evento está publicado. Textos e capa mudam na hora."
      : "Este evento está publicado. As alterações, inclusive de data e endereço, aparecem no site na hora.";
  }
  return "Ao salvar, o evento volta para a análise da nossa equipe antes de ser publicado.";
}
