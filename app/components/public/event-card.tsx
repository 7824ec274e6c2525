import { Link } from "react-router";
import { DEFAULT_EVENT_IMAGE_URL } from "~/components/ui/default-images";
import { ArrowRightIcon, CalendarIcon, GlobeIcon, MapPinIcon } from "~/components/ui/icons-common";
import { prepared } from "~/components/ui/prepared";
import { formatIsoDate } from "~/events/event-dates";
import { EVENT_FORMAT_LABELS } from "~/events/event-format";
import type { EventCard as EventCardData } from "~/events/public-events.server";
import {
  CARD_CLASS,
  CARD_IMAGE_SIZES,
  type CardOptions,
  reusableCard,
  STRETCHED_LINK_CLASS,
} from "./card-styles";
import { CauseTags } from "./cause-tags";
import { ResponsiveImage } from "./responsive-image";

/**
 * An event in a list: cover (or the default picture), date (dd/MM/yyyy), title, description,
 * city/UF and host. One link per card, stretched over it, named after the event.
 */
export const EventCard = prepared(
  "article",
  { className: CARD_CLASS },
  EventCardBody,
  reusableCard,
);

function EventCardBody({
  event,
  headingLevel: Heading = "h3",
  priority = false,
}: { event: EventCardData } & CardOptions) {
  return (
    <>
      <div className="relative">
        <ResponsiveImage
          src={event.coverUrl ?? DEFAULT_EVENT_IMAGE_URL}
          widths={[400, 800, 1200]}
          sizes={CARD_IMAGE_SIZES}
          width={800}
          height={400}
          priority={priority}
          className="aspect-[2/1] w-full"
        />
        <p className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-white/95 px-3 py-1 text-sm font-bold text-brand-900 shadow-card">
          <CalendarIcon className="size-4 text-brand-700" />
          <time dateTime={event.eventDate}>{formatIsoDate(event.eventDate)}</time>
        </p>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg leading-snug font-bold text-balance text-ink">
          {event.name}
        </Heading>
        <p className="mt-1 text-sm font-medium text-brand-800">{event.institutionName}</p>
        <p className="mt-3 flex-1 text-pretty text-ink-muted">{event.resume}</p>
        <CauseTags slugs={event.causes} className="mt-3" />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="flex flex-col gap-1">
            <p className="flex items-center gap-1.5 text-sm text-ink-muted">
              <MapPinIcon className="size-4 shrink-0 text-brand-700" />
              {event.city}/{event.state}
            </p>
            <p className="flex items-center gap-1.5 text-sm text-ink-muted">
              <GlobeIcon className="size-4 shrink-0 text-brand-700" />
              <span className="sr-only">Formato: </span>
              {EVENT_FORMAT_LABELS[event.format]}
            </p>
          </div>
          <Link
            to={`/eventos/${event.id}`}
            aria-label={`Ver evento: ${event.name}`}
            className={STRETCHED_LINK_CLASS}
          >
            Ver evento
            <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
          </Link>
        </div>
      </div>
    </>
  );
}

/** A few events side by side (landing teaser, an institution's next events). */
export function EventCardGrid({ events }: { events: EventCardData[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} />
        </li>
      ))}
    </ul>
  );
}
