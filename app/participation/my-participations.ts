import type { EventFormat } from "~/events/event-format";

/** The volunteer home's participations (issue 15, item 8), as the page receives them. */
export interface MyParticipation {
  eventId: string;
  eventName: string;
  institutionName: string;
  /** 'YYYY-MM-DD' */
  eventDate: string;
  /** Brasília 'HH:MM:SS', both null for an all-day event. */
  startTime: string | null;
  endTime: string | null;
  format: EventFormat;
  status: "CONFIRMED" | "WAITLISTED";
  /** 1 for the next person to be promoted; only while WAITLISTED (counted as the event page does). */
  waitlistPosition: number | null;
}

/** How many upcoming events the home lists; far more than anyone joins at once. */
export const UPCOMING_LIMIT = 50;
/** Past events the home shows at first, and when the person asks for all of them. */
export const PAST_LIMIT = 10;
export const PAST_LIMIT_ALL = 100;

export interface MyParticipations {
  upcoming: MyParticipation[];
  past: MyParticipation[];
  /** True when there are more past participations than `past` holds. */
  morePast: boolean;
}
