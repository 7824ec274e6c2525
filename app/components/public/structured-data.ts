import type { EventDetail } from "~/events/public-events.server";
import type { PostalAddressParts } from "~/geo/address";
import type { InstitutionDetail } from "~/institutions/public-institutions.server";

type Absolute = (path: string) => string;

function postalAddress(place: PostalAddressParts) {
  return {
    "@type": "PostalAddress",
    streetAddress: [`${place.street}, ${place.number}`, place.complement, place.neighborhood]
      .filter(Boolean)
      .join(" – "),
    addressLocality: place.city,
    addressRegion: place.state,
    addressCountry: "BR",
  };
}

/** schema.org NGO for an institution's page. */
export function institutionJsonLd(institution: InstitutionDetail, absolute: Absolute) {
  return {
    "@context": "https://schema.org",
    "@type": "NGO",
    "@id": absolute(`/instituicoes/${institution.id}`),
    name: institution.name,
    description: institution.summary,
    url: absolute(`/instituicoes/${institution.id}`),
    ...(institution.logoUrl ? { logo: absolute(institution.logoUrl) } : {}),
    ...(institution.coverUrl ? { image: absolute(institution.coverUrl) } : {}),
    ...(institution.contactEmail ? { email: institution.contactEmail } : {}),
    address: postalAddress(institution),
  };
}

/** schema.org Event for an event's page: an all-day, in-person event. */
/** schema.org's name for each event format. */
const ATTENDANCE_MODES = {
  PRESENCIAL: "OfflineEventAttendanceMode",
  ONLINE: "OnlineEventAttendanceMode",
  HIBRIDO: "MixedEventAttendanceMode",
} as const;

export function eventJsonLd(event: EventDetail, absolute: Absolute) {
  const url = absolute(`/eventos/${event.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    "@id": url,
    name: event.name,
    description: event.resume,
    url,
    startDate: event.eventDate,
    endDate: event.eventDate,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: `https://schema.org/${ATTENDANCE_MODES[event.format]}`,
    ...(event.coverUrl ? { image: absolute(event.coverUrl) } : {}),
    location: {
      "@type": "Place",
      name: `${event.neighborhood}, ${event.city}/${event.state}`,
      address: postalAddress(event),
    },
    organizer: {
      "@type": "NGO",
      name: event.institutionName,
      ...(event.institutionIsPublic
        ? { url: absolute(`/instituicoes/${event.institutionId}`) }
        : {}),
    },
  };
}
