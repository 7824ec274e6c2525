import { data, Link } from "react-router";
import { ConfirmDialog } from "~/components/members/confirm-dialog";
import { ParticipantLists } from "~/components/members/participant-list";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { CalendarIcon, CheckCircleIcon, DownloadIcon, MessageIcon } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/section-heading";
import { publicConfig } from "~/config/public-config.server";
import { countText } from "~/lib/count-text";
import { log } from "~/lib/log.server";
import { findOwnEvent, listParticipants } from "~/participation/participant-list.server";
import { removeParticipant } from "~/participation/participation.server";
import { PARTICIPATION_MESSAGES } from "~/participation/participation-messages";
import { refusalOf } from "~/web/app-error.server";
import { redirectWithFlash } from "~/web/flash.server";
import { actingMember } from "~/web/institution-guard.server";
import { readFormData } from "~/web/read-form-data.server";
import type { Route } from "./+types/app.eventos.$id.participantes";

export function meta({ matches }: Route.MetaArgs) {
  const appName = matches[0]?.loaderData?.config.appName ?? "";
  return [{ title: `Participantes | ${appName}` }, { name: "robots", content: "noindex" }];
}

/** The institution's own event, or 404: another institution's id reads as one that does not exist. */
async function ownEvent(institutionId: string, eventId: string) {
  const event = await findOwnEvent(institutionId, eventId);
  if (!event) throw data(null, { status: 404 });
  return event;
}

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const event = await ownEvent(actingMember(context).institutionId, params.id);
  const people = await listParticipants(event.id);
  const removeId = url.searchParams.get("remover");
  const target = event.open
    ? people.find(
        (person) =>
          person.id === removeId &&
          (person.status === "CONFIRMED" || person.status === "WAITLISTED"),
      )
    : undefined;
  return {
    event,
    people,
    removeTarget: target ? { id: target.id, name: target.name } : null,
  };
}

/** "Remover" (intent remove): the person leaves the list, e-mailed; a freed place is filled. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const member = actingMember(context);
  const event = await ownEvent(member.institutionId, params.id);
  const page = `/app/eventos/${event.id}/participantes`;
  const formData = await readFormData(request);
  if (formData.get("intent") !== "remove") {
    throw redirectWithFlash(page, PARTICIPATION_MESSAGES.unknownIntent, "error");
  }
  const baseUrl = publicConfig().baseUrl;
  try {
    const removed = await removeParticipant({
      institutionId: member.institutionId,
      actorId: member.userId,
      eventId: event.id,
      participationId: String(formData.get("id") ?? ""),
      eventUrl: (id) => new URL(`/eventos/${id}`, baseUrl).toString(),
    });
    throw redirectWithFlash(
      page,
      `${removed.name} saiu da lista e vai receber um e-mail avisando.`,
      "success",
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const refused = refusalOf(error);
    if (refused) throw redirectWithFlash(page, refused.error.message, "error");
    log.error({ err: error }, "participant removal failed");
    throw redirectWithFlash(page, "Não foi possível remover a pessoa. Tente novamente.", "error");
  }
}

export default function EventParticipants({ loaderData }: Route.ComponentProps) {
  const { event, people, removeTarget } = loaderData;
  const base = `/app/eventos/${event.id}/participantes`;
  const confirmed = people.filter((person) => person.status === "CONFIRMED").length;
  const waiting = people.filter((person) => person.status === "WAITLISTED").length;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <BackButton to="/app/instituicao" />
      <SectionHeading
        as="h1"
        label="Participantes"
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
      <p className="mt-6 rounded-2xl border border-line bg-white p-4 font-semibold text-ink shadow-card">
        {placesText(confirmed, waiting, event.places)}
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-[3fr_2fr]">
        <Link
          to={`/app/eventos/${event.id}/mensagem`}
          className={buttonStyles({
            variant: "primary",
            fullWidth: true,
            // The longest label of the page: it wraps on a narrow phone instead of overflowing.
            className: "text-center whitespace-normal!",
          })}
        >
          <MessageIcon className="size-5" />
          Enviar mensagem aos participantes
        </Link>
        <a
          href={`${base}.csv`}
          download
          className={buttonStyles({ variant: "secondary", fullWidth: true })}
        >
          <DownloadIcon className="size-5" />
          Exportar CSV
        </a>
      </div>
      {event.open ? null : (
        <p className="mt-4 rounded-2xl bg-surface p-4 text-sm text-ink-muted">
          {event.status === "DELETED"
            ? "Este evento foi cancelado: a lista fica aqui para consulta."
            : "Este evento já começou: a lista não muda mais."}
        </p>
      )}
      {/* Issue 16: once the event started, attendance and hours are confirmed. */}
      {!event.open && event.status !== "DELETED" ? (
        <Link
          to={`/app/eventos/${event.id}/horas`}
          className={buttonStyles({ variant: "primary", fullWidth: true, className: "mt-4" })}
        >
          <CheckCircleIcon className="size-5" />
          Confirmar horas
        </Link>
      ) : null}
      <ParticipantLists people={people} removable={event.open} />
      {removeTarget ? (
        <ConfirmDialog
          key={removeTarget.id}
          title="Remover da lista?"
          action={base}
          back={base}
          fields={{ intent: "remove", id: removeTarget.id }}
          keepLabel="Não, manter"
          confirmLabel="Sim, remover"
        >
          <p>
            <strong className="text-ink">{removeTarget.name}</strong> sai da lista deste evento,
            recebe um e-mail avisando e não poderá se inscrever de novo. Se a pessoa tinha uma vaga,
            a primeira da lista de espera fica com ela.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** "2 de 2 vagas preenchidas · 1 na lista de espera", or the count when there is no limit. */
function placesText(confirmed: number, waiting: number, places: number | null): string {
  const taken =
    places === null
      ? `${countText(confirmed, "participante confirmado", "participantes confirmados")} · sem limite de vagas`
      : `${confirmed} de ${countText(places, "vaga preenchida", "vagas preenchidas")}`;
  return waiting > 0 ? `${taken} · ${waiting} na lista de espera` : taken;
}
