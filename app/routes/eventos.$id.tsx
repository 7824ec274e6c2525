import { data, Link } from "react-router";
import { usePublicConfig } from "~/components/layout/use-public-config";
import { CauseTags } from "~/components/public/cause-tags";
import { DetailFact, Paragraphs } from "~/components/public/detail-aside";
import { DetailErrorBoundary } from "~/components/public/detail-error-boundary";
import { EventParticipation, placesText } from "~/components/public/event-participation";
import { JsonLd } from "~/components/public/json-ld";
import {
  absoluteUrl,
  clampDescription,
  notFoundMeta,
  publicPageMeta,
} from "~/components/public/page-meta";
import { ResponsiveImage } from "~/components/public/responsive-image";
import { ShareLinks } from "~/components/public/share-links";
import { eventJsonLd } from "~/components/public/structured-data";
import { BackButton } from "~/components/ui/back-button";
import { buttonStyles } from "~/components/ui/button-styles";
import { DEFAULT_EVENT_IMAGE_URL } from "~/components/ui/default-images";
import {
  BuildingIcon,
  CalendarIcon,
  DownloadIcon,
  GlobeIcon,
  MapPinIcon,
  UsersIcon,
} from "~/components/ui/icons";
import { calendarEntry, googleCalendarUrl } from "~/events/calendar-entry";
import {
  formatIsoDate,
  formatIsoDateLong,
  formatTimeRange,
  todayInBrazil,
} from "~/events/event-dates";
import { EVENT_FORMAT_LABELS } from "~/events/event-format";
import { findApprovedEvent } from "~/events/public-events.server";
import { addressLines } from "~/geo/address";
import {
  confirmedOnlineLink,
  eventPlaces,
  eventStartsAt,
  participationState,
} from "~/participation/participation.server";
import { participationView } from "~/participation/participation-view";
import { sessionContext } from "~/web/session.server";
import type { Route } from "./+types/eventos.$id";
import { participationAction } from "./eventos.$id.server";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const config = matches[0]?.loaderData?.config;
  if (!loaderData) return notFoundMeta(config);
  const { event } = loaderData;
  return publicPageMeta({
    config,
    title: `${event.name}, ${formatIsoDate(event.eventDate)} em ${event.city}/${event.state}`,
    description: clampDescription(`${event.resume} ${event.about}`),
    path: `/eventos/${event.id}`,
    image: event.coverUrl,
    type: "article",
  });
}

/** Only approved events are public: any other id is the 404 page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await findApprovedEvent(params.id);
  if (!event) throw data(null, { status: 404 });
  const user = context.get(sessionContext);
  const [counts, state] = await Promise.all([
    eventPlaces(event.id),
    user ? participationState(event.id, user.id) : null,
  ]);
  const places = { ...counts, limit: event.places };
  const onlineLink =
    user && state?.status === "CONFIRMED" ? await confirmedOnlineLink(event.id, user.id) : null;
  return {
    event,
    past: event.eventDate < todayInBrazil(),
    places,
    participation: participationView({
      eventId: event.id,
      started: eventStartsAt(event).getTime() <= Date.now(),
      user,
      state,
      places,
      onlineLink,
    }),
  };
}

/** "Quero participar" and leaving: a volunteer's form post, answered with a flash message. */
export function action({ request, params, context }: Route.ActionArgs) {
  return participationAction(request, params.id, context.get(sessionContext));
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, past, places, participation } = loaderData;
  const config = usePublicConfig();
  const pageUrl = absoluteUrl(config, `/eventos/${event.id}`);
  return (
    <article className="mx-auto flex max-w-page flex-col px-4 py-6 sm:py-10">
      <JsonLd data={eventJsonLd(event, (path) => absoluteUrl(config, path))} />
      <BackButton to="/eventos" className="self-start" />
      <div className="mt-4 overflow-hidden rounded-3xl bg-brand-50">
        <ResponsiveImage
          src={event.coverUrl ?? DEFAULT_EVENT_IMAGE_URL}
          widths={[400, 800, 1200]}
          sizes="(min-width: 1152px) 1120px, calc(100vw - 2rem)"
          width={1200}
          height={444}
          priority
          className="aspect-[1200/444] w-full"
        />
      </div>

      <header className="mt-6 flex flex-col gap-3">
        <p className="inline-flex items-center gap-2 self-start rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-900 ring-1 ring-brand-200">
          <CalendarIcon className="size-4 text-brand-700" />
          <time dateTime={event.eventDate}>{formatIsoDate(event.eventDate)}</time>
          {past ? <span className="font-semibold text-ink-muted">· Já aconteceu</span> : null}
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {event.name}
        </h1>
        <p className="text-lg text-ink-muted">
          Organizado por{" "}
          {event.institutionIsPublic ? (
            <Link
              to={`/instituicoes/${event.institutionId}`}
              className="rounded font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900 focus-ring"
            >
              {event.institutionName}
            </Link>
          ) : (
            <span className="font-semibold text-ink">{event.institutionName}</span>
          )}
        </p>
        <CauseTags slugs={event.causes} />
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12">
        <div className="flex flex-col gap-8">
          <p className="rounded-2xl border-l-4 border-accent-400 bg-accent-50 px-5 py-4 text-lg font-medium text-pretty text-ink">
            {event.resume}
          </p>
          <section aria-labelledby="sobre" className="flex flex-col gap-3">
            <h2 id="sobre" className="text-2xl font-bold text-ink">
              Sobre o evento
            </h2>
            <Paragraphs text={event.about} />
          </section>
          {event.skills.length > 0 ? (
            <section aria-labelledby="habilidades" className="flex flex-col gap-3">
              <h2 id="habilidades" className="text-2xl font-bold text-ink">
                Habilidades desejáveis
              </h2>
              <CauseTags slugs={event.skills} kind="skill" label="Habilidades desejáveis" />
            </section>
          ) : null}
        </div>
        <aside className="flex flex-col gap-5 self-start rounded-2xl border border-line bg-white p-5 shadow-card lg:sticky lg:top-24">
          <DetailFact icon={<CalendarIcon />} title="Data">
            <time dateTime={event.eventDate} className="block first-letter:uppercase">
              {formatIsoDateLong(event.eventDate)}
            </time>
            <span className="block">
              {formatTimeRange(event.startTime, event.endTime) ?? "Dia inteiro"}
              {event.startTime ? " (horário de Brasília)" : null}
            </span>
          </DetailFact>
          <DetailFact icon={<GlobeIcon />} title="Formato">
            {EVENT_FORMAT_LABELS[event.format]}
          </DetailFact>
          <DetailFact icon={<UsersIcon />} title="Vagas">
            {placesText(places)}
          </DetailFact>
          <DetailFact icon={<MapPinIcon />} title="Endereço">
            <address className="not-italic">
              {addressLines(event).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </DetailFact>
          <DetailFact icon={<BuildingIcon />} title="Instituição">
            {event.institutionName}
          </DetailFact>
          <EventParticipation view={participation} />
          {past ? null : (
            <div className="flex flex-col gap-2">
              <a
                href={`/eventos/${event.id}/calendario.ics`}
                download
                className={buttonStyles({ fullWidth: true })}
              >
                <DownloadIcon />
                Adicionar ao calendário
              </a>
              <a
                href={googleCalendarUrl(calendarEntry(event, pageUrl))}
                target="_blank"
                rel="noopener noreferrer"
                aria-label="Adicionar ao Google Agenda (abre em nova aba)"
                className={buttonStyles({ variant: "secondary", fullWidth: true })}
              >
                <CalendarIcon />
                Google Agenda
              </a>
            </div>
          )}
          <ShareLinks
            url={pageUrl}
            title={event.name}
            text={`Participe de "${event.name}" (${formatIsoDate(event.eventDate)}, ${event.city}/${event.state}) pelo ${config.appName}:`}
          />
        </aside>
      </div>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <DetailErrorBoundary
      message="Não foi possível obter as informações do evento."
      backTo="/eventos"
      backLabel="Ver todos os eventos"
    />
  );
}
