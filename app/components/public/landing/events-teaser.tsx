import type { EventCard as EventCardData } from "~/events/public-events.server";
import { EventCardGrid } from "../event-card";
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
        <EventCardGrid events={events} />
      ) : (
        <p className="text-ink-muted">Nenhum evento marcado agora. Volte em breve!</p>
      )}
      <SeeAllLink to="/eventos">Ver todos os eventos</SeeAllLink>
    </LandingSection>
  );
}
