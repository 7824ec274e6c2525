import type { EventCard as EventCardData } from "~/events/public-events.server";
import { EventCard } from "../event-card";
import { LandingSection } from "./landing-section";
import { SeeAllLink } from "./see-all-link";

/** #eventos: the next approved events and the way to the full list. */
export function EventsTeaser({ events }: { events: EventCardData[] }) {
  return (
    <LandingSection
      id="eventos"
      label="Eventos"
      title="Próximos eventos"
      description="Mutirões, campanhas e ações solidárias que precisam de gente como você."
    >
      {events.length > 0 ? (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink-muted">Nenhum evento marcado agora. Volte em breve!</p>
      )}
      <SeeAllLink to="/eventos">Ver todos os eventos</SeeAllLink>
    </LandingSection>
  );
}
