import { causeOf, fillTemplate } from "../content/causes.server";
import { cityPhrases, randomStreetAddress } from "../content/places.server";
import type { Random } from "../random.server";
import {
  daysAfter,
  daysBetween,
  earliest,
  isoDateAfter,
  type PlannedEvent,
  type PlannedInstitution,
} from "./plan-types.server";

/** How many events each approved institution announces, cycled over the institutions. */
const EVENTS_PER_INSTITUTION = [2, 1, 3, 2, 1, 2];

type Kind = "upcoming" | "past" | "pending" | "rejected" | "deleted";

/** Most events are approved (upcoming or past); some wait for review, a few were refused. */
function pickKind(random: Random): Kind {
  const roll = random.next();
  if (roll < 0.45) return "upcoming";
  if (roll < 0.7) return "past";
  if (roll < 0.85) return "pending";
  if (roll < 0.94) return "rejected";
  return "deleted";
}

/**
 * Days from today to the event: upcoming ones over the next six weeks (the first page of the
 * agenda then shows the coming days, as a real one would), pending ones within two months, past
 * ones within the last year.
 */
function dayOffsetFor(kind: Kind, random: Random): number {
  if (kind === "upcoming") return random.int(1, 42);
  if (kind === "pending") return random.int(3, 60);
  if (kind === "rejected") return random.chance(0.5) ? random.int(3, 60) : -random.int(5, 120);
  return -random.int(5, 330);
}

export function planEvents(
  random: Random,
  now: Date,
  institutions: readonly PlannedInstitution[],
): Omit<PlannedEvent, "schedule">[] {
  const approved = institutions.filter((institution) => institution.status === "APPROVED");
  return approved.flatMap((institution, index) => {
    const count = EVENTS_PER_INSTITUTION[index % EVENTS_PER_INSTITUTION.length] ?? 1;
    const ideas = random.shuffle(causeOf(institution.cause).events).slice(0, count);
    return ideas.map((idea): Omit<PlannedEvent, "schedule"> => {
      const kind = pickKind(random);
      // An event cannot have happened before its institution was approved.
      const firstPossibleDay = Math.ceil(daysBetween(now, institution.reviewedAt ?? now)) + 3;
      const offset = Math.max(dayOffsetFor(kind, random), firstPossibleDay);
      // Announced some weeks before the date, never before the institution was approved.
      const announced = daysAfter(now, Math.min(offset, 0) - random.int(5, 40));
      const createdAt =
        kind === "pending"
          ? daysAfter(now, -random.int(0, 4) - random.next())
          : new Date(Math.max(announced.getTime(), (institution.reviewedAt ?? now).getTime()));
      const address = random.chance(0.5)
        ? institution.address
        : randomStreetAddress(
            { state: institution.address.state, city: institution.address.city },
            random,
          );
      const values = { ...cityPhrases(address.city), neighborhood: address.neighborhood };
      return {
        institution,
        name: idea.name,
        resume: fillTemplate(idea.resume, values),
        about: fillTemplate(idea.about, values),
        eventDate: isoDateAfter(now, offset),
        format: idea.format ?? "PRESENCIAL",
        status:
          kind === "pending"
            ? "PENDING"
            : kind === "rejected"
              ? "REJECTED"
              : kind === "deleted"
                ? "DELETED"
                : "APPROVED",
        address,
        createdAt,
        reviewedAt: kind === "pending" ? null : earliest(now, daysAfter(createdAt, 1)),
      };
    });
  });
}
