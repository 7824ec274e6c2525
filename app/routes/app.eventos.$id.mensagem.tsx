import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { MemberForm } from "~/components/members/member-form";
import { MemberFormPage } from "~/components/members/member-form-page";
import { TextArea } from "~/components/ui/text-area";
import { TextInput } from "~/components/ui/text-input";
import { validateForm } from "~/forms/form-validation";
import { countText } from "~/lib/count-text";
import { findOwnEvent, listParticipants } from "~/participation/participant-list.server";
import {
  type MessageOutcome,
  sendParticipantsMessage,
} from "~/participation/participant-message.server";
import { MESSAGE_LIMITS } from "~/participation/participant-message-limits";
import { participantMessageSchema } from "~/participation/participant-message-schema";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.eventos.$id.mensagem";
import { formFailure, saveOrFail } from "./app.member-form.server";

/** Keeps the Retry-After of a 429 (messages limit) answer. */
export { passRetryAfter as headers } from "~/web/retry-after";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [
    { title: `Mensagem aos participantes | ${appName}` },
    { name: "robots", content: "noindex" },
  ];
}

async function ownEvent(institutionId: string, eventId: string) {
  const event = await findOwnEvent(institutionId, eventId);
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await ownEvent(actingMember(context).institutionId, params.id);
  const people = await listParticipants(event.id);
  return {
    event: { id: event.id, name: event.name },
    confirmed: people.filter((person) => person.status === "CONFIRMED").length,
    waiting: people.filter((person) => person.status === "WAITLISTED").length,
    // This form's own id: sending it twice (a double tap, a resent post) e-mails once.
    sendId: randomUUID(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const event = await ownEvent(member.institutionId, params.id);
  const formData = await readFormData(request);
  const form = validateForm(participantMessageSchema, formData);
  if (!form.ok) return formFailure(formData, form.error);
  let outcome: MessageOutcome | undefined;
  const failed = await saveOrFail(
    formData,
    "participants: message",
    "Não foi possível enviar a mensagem. Tente novamente.",
    async () => {
      outcome = await sendParticipantsMessage({
        institutionId: member.institutionId,
        author: { userId: member.userId, name: member.personName },
        eventId: event.id,
        message: form.data,
      });
    },
  );
  if (failed || !outcome) return failed;
  const message = outcome.repeated
    ? "Esta mensagem já tinha sido enviada: ninguém a recebe duas vezes."
    : `Mensagem enviada para ${countText(outcome.sent, "pessoa", "pessoas")}.`;
  throw redirectWithFlash(`/app/eventos/${event.id}/participantes`, message, "success");
}

const loadSchemas = () => import("~/participation/participant-message-schema");

export default function ParticipantsMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, confirmed, waiting } = loaderData;
  const values = actionData?.values ?? {};
  return (
    <MemberFormPage
      backTo={`/app/eventos/${event.id}/participantes`}
      label={event.name}
      title="Enviar mensagem aos participantes"
      description={recipientsText(confirmed)}
    >
      <MemberForm
        schemas={loadSchemas}
        schema={(schemas) => schemas.participantMessageSchema}
        serverError={actionData?.error}
        submitLabel="Enviar mensagem"
      >
        {(errorFor) => (
          <>
            <input type="hidden" name="sendId" value={values.sendId ?? loaderData.sendId} />
            <TextInput
              name="subject"
              label="Assunto"
              maxLength={MESSAGE_LIMITS.subject}
              defaultValue={values.subject}
              error={errorFor("subject")}
            />
            <TextArea
              name="message"
              label="Mensagem"
              rows={8}
              maxLength={MESSAGE_LIMITS.message}
              hint="Deixe uma linha em branco entre os parágrafos."
              defaultValue={values.message}
              error={errorFor("message")}
            />
            {waiting > 0 ? (
              <label className="flex min-h-11 items-start gap-3 py-1 text-sm text-ink">
                <input
                  type="checkbox"
                  name="includeWaitlist"
                  defaultChecked={values.includeWaitlist === "on"}
                  className="mt-0.5 size-5 shrink-0 accent-brand-700 focus-ring"
                />
                <span>
                  Enviar também para a lista de espera ({countText(waiting, "pessoa", "pessoas")})
                </span>
              </label>
            ) : null}
          </>
        )}
      </MemberForm>
    </MemberFormPage>
  );
}

/** Who receives it, said before writing. */
function recipientsText(confirmed: number): string {
  const reply = "Para responder, as pessoas usam os contatos da página da instituição.";
  if (confirmed === 0) {
    return `Ainda não há participantes confirmados neste evento. ${reply}`;
  }
  const to =
    confirmed === 1
      ? "a pessoa confirmada"
      : `cada uma das ${countText(confirmed, "pessoa confirmada", "pessoas confirmadas")}`;
  return `Um e-mail para ${to}, em nome da instituição. ${reply}`;
}
