import type { ParticipationState } from "./participation.server";

/** What the event page offers one person about taking part (issue 15). */
export type ParticipationView =
  | { kind: "closed" }
  | { kind: "anonymous"; loginPath: string }
  | { kind: "not-volunteer" }
  | { kind: "open"; full: boolean }
  /** The online link stays visible while the event runs; leaving closes when it starts. */
  | { kind: "confirmed"; onlineLink: string | null; canCancel: boolean }
  | { kind: "waitlisted"; position: number }
  | { kind: "removed" };

export interface PlacesSummary {
  confirmed: number;
  waiting: number;
  /** null = no limit. */
  limit: number | null;
}

/** Where "Quero participar" sends a visitor who is not signed in: the sign-in, then back. */
export function eventSignInPath(eventId: string): string {
  return `/auth/login?redirectTo=${encodeURIComponent(`/eventos/${eventId}`)}`;
}

export function participationView(input: {
  eventId: string;
  started: boolean;
  user: { profile: string } | null;
  state: ParticipationState | null;
  places: PlacesSummary;
  onlineLink: string | null;
}): ParticipationView {
  const { state } = input;
  if (state?.status === "CONFIRMED") {
    return { kind: "confirmed", onlineLink: input.onlineLink, canCancel: !input.started };
  }
  if (input.started) return { kind: "closed" };
  if (!input.user) {
    return { kind: "anonymous", loginPath: eventSignInPath(input.eventId) };
  }
  if (input.user.profile !== "VOLUNTEER") return { kind: "not-volunteer" };
  if (state?.status === "WAITLISTED") {
    return { kind: "waitlisted", position: state.waitlistPosition ?? 1 };
  }
  if (state?.status === "REMOVED") return { kind: "removed" };
  const { limit, confirmed } = input.places;
  return { kind: "open", full: limit !== null && confirmed >= limit };
}
