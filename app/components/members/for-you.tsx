import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatIsoDate } from "~/events/event-dates";
import { EVENT_FORMAT_LABELS } from "~/events/event-format";
import type { ForYou, ForYouEvent, ForYouInstitution } from "~/volunteers/for-you.server";
import { buttonStyles } from "../ui/button-styles";
import { BuildingIcon, CalendarIcon, SparklesIcon } from "../ui/icons";
import { IconListItem, ITEM_TITLE_LINK, MemberSection } from "./member-section";
import { INTERESTS_ANCHOR } from "./profile-fields";

/** Where the volunteer chooses causes and skills. */
const INTERESTS_PATH = `/app/atualizar-voluntario#${INTERESTS_ANCHOR}`;

/**
 * "Para você": events and institutions that match the volunteer's causes, skills and city, each
 * with the sentence that says why. Without interests, an invitation to choose them instead.
 */
export function ForYouSection({ forYou }: { forYou: ForYou }) {
  return (
    <MemberSection
      title="Para você"
      action={forYou.hasInterests ? { to: INTERESTS_PATH, label: "Ajustar interesses" } : undefined}
    >
      {!forYou.hasInterests ? (
        <NoInterests />
      ) : forYou.events.length === 0 && forYou.institutions.length === 0 ? (
        <NothingYet />
      ) : (
        <div className="flex flex-col gap-6">
          {forYou.events.length > 0 ? (
            <Group title="Eventos">
              {forYou.events.map((event) => (
                <EventItem key={event.id} event={event} />
              ))}
            </Group>
          ) : null}
          {forYou.institutions.length > 0 ? (
            <Group title="Instituições">
              {forYou.institutions.map((institution) => (
                <InstitutionItem key={institution.id} institution={institution} />
              ))}
            </Group>
          ) : null}
        </div>
      )}
    </MemberSection>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      <ul className="mt-3 flex flex-col gap-3">{children}</ul>
    </div>
  );
}

function EventItem({ event }: { event: ForYouEvent }) {
  const when = `${formatIsoDate(event.eventDate)}${event.startTime ? `, ${event.startTime}` : ""}`;
  const where = event.format === "ONLINE" ? "Online" : `${event.city}/${event.state}`;
  return (
    <Item
      icon={<CalendarIcon />}
      to={`/eventos/${event.id}`}
      name={event.name}
      details={`${when} · ${where} · ${EVENT_FORMAT_LABELS[event.format]}`}
      by={event.institutionName}
      reason={event.reason}
    />
  );
}

function InstitutionItem({ institution }: { institution: ForYouInstitution }) {
  return (
    <Item
      icon={<BuildingIcon />}
      to={`/instituicoes/${institution.id}`}
      name={institution.name}
      details={`${institution.city}/${institution.state}`}
      reason={institution.reason}
    />
  );
}

function Item(props: {
  icon: ReactNode;
  to: string;
  name: string;
  details: string;
  by?: string;
  reason: string;
}) {
  return (
    <IconListItem icon={props.icon}>
      <Link to={props.to} className={ITEM_TITLE_LINK}>
        {props.name}
      </Link>
      <p className="text-sm text-ink-muted">{props.details}</p>
      {props.by ? <p className="text-sm text-ink-muted">{props.by}</p> : null}
      {props.reason ? (
        <p className="mt-2 flex gap-1.5 text-sm text-brand-900 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0">
          <SparklesIcon />
          <span>{props.reason}</span>
        </p>
      ) : null}
    </IconListItem>
  );
}

function NoInterests() {
  return (
    <div className="rounded-2xl border border-dashed border-field/60 bg-white px-5 py-8 text-center">
      <p className="font-semibold text-ink">Conte o que move você</p>
      <p className="mt-1 text-ink-muted">
        Escolha as causas que importam para você e as suas habilidades: aqui aparecerão eventos e
        instituições que combinam com o seu perfil.
      </p>
      <Link to={INTERESTS_PATH} className={buttonStyles({ size: "sm", className: "mt-4" })}>
        Escolher meus interesses
      </Link>
    </div>
  );
}

function NothingYet() {
  return (
    <div className="rounded-2xl border border-dashed border-field/60 bg-white px-5 py-8 text-center">
      <p className="text-ink-muted">
        Ainda não há eventos nem instituições com as suas causas e habilidades perto de você.
      </p>
      <Link
        to="/eventos"
        className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring"
      >
        Ver todos os eventos
      </Link>
    </div>
  );
}
