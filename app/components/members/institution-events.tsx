import { Link } from "react-router";
import { buttonStyles } from "~/components/ui/button-styles";
import {
  CalendarIcon,
  ImageIcon,
  MapPinIcon,
  PencilIcon,
  PlusIcon,
  TrashIcon,
  UsersIcon,
} from "~/components/ui/icons";
import type { InstitutionEventItem } from "~/events/institution-events.server";
import { EmptyList, MemberSection } from "./member-section";
import { StatusBadge } from "./status-badge";

/**
 * "Meus eventos": each event with its review status and, until cancelled, a link to its
 * participants (a cancelled event's list stays at its address, for reference). Events
 * waiting for review or refused can be edited (they go back to review); any event not yet
 * cancelled can be cancelled, after a confirmation (`?cancelar=<id>` opens it, with or without
 * JavaScript).
 */
export function InstitutionEvents({ events }: { events: InstitutionEventItem[] }) {
  return (
    <MemberSection
      title="Meus eventos"
      count={events.length}
      action={{ to: "/app/novo-evento", label: "Criar evento", icon: <PlusIcon /> }}
    >
      {events.length === 0 ? (
        <EmptyList
          message="A instituição ainda não criou eventos."
          link={{ to: "/app/novo-evento", label: "Criar o primeiro evento" }}
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {events.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      )}
    </MemberSection>
  );
}

function EventCard({ event }: { event: InstitutionEventItem }) {
  const cancelled = event.status === "DELETED";
  return (
    <li
      className={
        cancelled
          ? "overflow-hidden rounded-2xl border border-line bg-white/70 shadow-card"
          : "overflow-hidden rounded-2xl border border-line bg-white shadow-card"
      }
    >
      <div className="flex gap-3 p-3 sm:gap-4 sm:p-4">
        <div className="relative aspect-851/315 w-28 shrink-0 self-start overflow-hidden rounded-lg bg-brand-50 sm:w-40">
          {event.coverUrl ? (
            <img
              src={event.coverUrl}
              alt=""
              width={160}
              height={59}
              loading="lazy"
              className={
                cancelled ? "size-full object-cover opacity-60 grayscale" : "size-full object-cover"
              }
            />
          ) : (
            <span className="flex size-full items-center justify-center text-brand-700">
              <ImageIcon className="size-6" />
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <h3 className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">
              {event.status === "APPROVED" ? (
                <Link
                  to={`/eventos/${event.id}`}
                  className="inline-flex min-h-11 items-center underline decoration-brand-300 underline-offset-4 hover:text-brand-800 focus-ring"
                >
                  {event.name}
                </Link>
              ) : (
                event.name
              )}
            </h3>
            <StatusBadge kind="event" status={event.status} />
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-ink-muted">
            <CalendarIcon className="size-4 shrink-0" />
            {event.date}
          </p>
          <p className="flex items-center gap-1.5 text-sm text-ink-muted">
            <MapPinIcon className="size-4 shrink-0" />
            {event.city}/{event.state}
          </p>
        </div>
      </div>
      {cancelled ? null : (
        <div className="flex flex-wrap gap-2 border-t border-line bg-surface/60 px-3 py-2.5 sm:px-4">
          <Link
            to={`/app/eventos/${event.id}/participantes`}
            aria-label={`Participantes do evento ${event.name}`}
            className={buttonStyles({ variant: "secondary", size: "sm" })}
          >
            <UsersIcon className="size-4" />
            Participantes
          </Link>
          {event.editable ? (
            <Link
              to={`/app/eventos/${event.id}/editar`}
              aria-label={`Editar o evento ${event.name}`}
              className={buttonStyles({ variant: "secondary", size: "sm" })}
            >
              <PencilIcon className="size-4" />
              Editar
            </Link>
          ) : null}
          {event.cancellable ? (
            <Link
              to={`/app/instituicao?cancelar=${event.id}`}
              preventScrollReset
              aria-label={`Cancelar evento ${event.name}`}
              className={buttonStyles({
                variant: "secondary",
                size: "sm",
                className:
                  "border-danger-700 text-danger-700 hover:bg-danger-50 active:bg-danger-100",
              })}
            >
              <TrashIcon className="size-4" />
              Cancelar evento
            </Link>
          ) : null}
        </div>
      )}
    </li>
  );
}
