import { Link } from "react-router";
import { cx } from "~/components/ui/class-names";
import { CalendarIcon, MailIcon, MapPinIcon, PhoneIcon, TrashIcon } from "~/components/ui/icons";
import { displayPhone, phoneDigits } from "~/forms/masks";
import type { Participant } from "~/participation/participant-list.server";
import type { ParticipationStatus } from "~/participation/participation.server";
import { PARTICIPATION_STATUS_LABELS } from "~/participation/participation-labels";
import { EmptyList, MemberSection } from "./member-section";

/** One person on an event's list as the page shows it (the date already written out). */
export type ParticipantItem = Omit<Participant, "joinedAt">;

const TONE: Record<ParticipationStatus, string> = {
  CONFIRMED: "border-success-100 bg-success-50 text-success-700",
  WAITLISTED: "border-accent-300 bg-accent-50 text-accent-700",
  CANCELLED: "border-line bg-surface text-ink-muted",
  REMOVED: "border-danger-200 bg-danger-50 text-danger-700",
};

/**
 * The three lists of the participants page: who holds a place, who waits (in the order they
 * will be promoted) and who left (name and status only: ADR 0072). One card per person, so a phone reads every contact without
 * scrolling sideways; from 640 px the contacts sit side by side.
 */
export function ParticipantLists({
  people,
  removable,
}: {
  people: ParticipantItem[];
  /** The list still changes: each active person gets "Remover". */
  removable: boolean;
}) {
  const of = (...statuses: ParticipationStatus[]) =>
    people.filter((person) => statuses.includes(person.status));
  const confirmed = of("CONFIRMED");
  const waiting = of("WAITLISTED");
  const left = of("CANCELLED", "REMOVED");
  return (
    <>
      <MemberSection title="Confirmados" count={confirmed.length}>
        {confirmed.length === 0 ? (
          <EmptyList message="Ninguém confirmou presença ainda. Quem clicar em “Quero participar” na página do evento aparece aqui." />
        ) : (
          <PeopleList people={confirmed} removable={removable} />
        )}
      </MemberSection>
      {waiting.length > 0 ? (
        <MemberSection title="Lista de espera" count={waiting.length}>
          <p className="-mt-2 mb-4 text-sm text-ink-muted">
            Na ordem em que entram quando uma vaga abrir: a primeira pessoa é promovida e avisada
            por e-mail automaticamente.
          </p>
          <PeopleList people={waiting} removable={removable} />
        </MemberSection>
      ) : null}
      {left.length > 0 ? (
        <MemberSection title="Saíram da lista" count={left.length}>
          <PeopleList people={left} removable={false} />
        </MemberSection>
      ) : null}
    </>
  );
}

function PeopleList({ people, removable }: { people: ParticipantItem[]; removable: boolean }) {
  return (
    <ul className="flex flex-col gap-3">
      {people.map((person) => (
        <PersonCard key={person.id} person={person} removable={removable} />
      ))}
    </ul>
  );
}

const CONTACT =
  "inline-flex min-h-11 min-w-0 items-center gap-1.5 text-brand-800 underline decoration-brand-300 underline-offset-4 hover:text-brand-900 focus-ring [overflow-wrap:anywhere]";

function PersonCard({ person, removable }: { person: ParticipantItem; removable: boolean }) {
  const active = person.status === "CONFIRMED" || person.status === "WAITLISTED";
  return (
    <li className="rounded-2xl border border-line bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-semibold text-ink [overflow-wrap:anywhere]">
          {person.position !== null ? (
            <span className="mr-1.5 text-ink-subtle">{person.position}º</span>
          ) : null}
          {person.name}
        </h3>
        <span
          className={cx(
            "inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
            TONE[person.status],
          )}
        >
          <span className="sr-only">Situação: </span>
          {PARTICIPATION_STATUS_LABELS[person.status]}
        </span>
      </div>
      <div className="mt-1 flex flex-col text-sm sm:flex-row sm:flex-wrap sm:gap-x-5">
        {person.email ? (
          <a href={`mailto:${person.email}`} className={CONTACT}>
            <MailIcon className="size-4 shrink-0" />
            {person.email}
          </a>
        ) : (
          <p className="py-1 text-ink-muted">
            Saiu da lista: os contatos não ficam mais disponíveis.
          </p>
        )}
        {person.phone ? (
          <a href={`tel:+55${phoneDigits(person.phone)}`} className={CONTACT}>
            <PhoneIcon className="size-4 shrink-0" />
            {displayPhone(person.phone)}
          </a>
        ) : null}
      </div>
      <div className="mt-1 flex flex-col gap-1 text-sm text-ink-muted sm:flex-row sm:flex-wrap sm:gap-x-5">
        {person.city ? (
          <p className="flex items-center gap-1.5">
            <MapPinIcon className="size-4 shrink-0" />
            {person.city}
          </p>
        ) : null}
        <p className="flex items-center gap-1.5">
          <CalendarIcon className="size-4 shrink-0" />
          Inscrição em {person.joined}
        </p>
      </div>
      {removable && active ? (
        <div className="mt-3 border-t border-line pt-3">
          <Link
            to={`?remover=${person.id}`}
            preventScrollReset
            aria-label={`Remover ${person.name} da lista`}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 -mx-2 text-sm font-semibold text-danger-700 hover:bg-danger-50 focus-ring"
          >
            <TrashIcon className="size-4" />
            Remover
          </Link>
        </div>
      ) : null}
    </li>
  );
}
