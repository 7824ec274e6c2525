import { EventForm } from "~/components/members/event-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { todayInBrazil } from "~/events/event-dates";
import { readEventForm } from "~/events/event-form.server";
import { EVENT_MESSAGES } from "~/events/event-form-schema";
import { createEvent } from "~/events/institution-events.server";
import { listUfs } from "~/geo/localities.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.novo-evento";
import { refusal, saveOrFail } from "./app.member-form.server";

/** Keeps the Retry-After of a 429 (uploads limit) or 503 (image queue full) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Criar evento | ${appName}` }, { name: "robots", content: "noindex" }];
}

export function loader() {
  return { ufs: listUfs(), today: todayInBrazil() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const formData = await readFormData(request);
  const form = await readEventForm(formData, { coverOnFile: false, uploaderId: member.userId });
  if (!form.ok) return refusal(formData, form);
  const failed = await saveOrFail(formData, "events: create", EVENT_MESSAGES.failed, () =>
    createEvent(member.institutionId, form.input, member),
  );
  if (failed) return failed;
  throw redirectWithFlash("/app/instituicao", EVENT_MESSAGES.created, "success");
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <MemberFormPage
      backTo="/app/instituicao"
      label="Área da instituição"
      title="Criar evento"
      description="Depois de enviado, nossa equipe vai analisar o evento antes de publicá-lo."
    >
      <EventForm
        values={actionData?.values ?? {}}
        coverUrl={null}
        today={loaderData.today}
        ufs={loaderData.ufs}
        error={actionData?.error}
        submitLabel="Criar evento"
      />
    </MemberFormPage>
  );
}
