import { randomUUID } from "node:crypto";
import { fillTemplate } from "../content/causes.server";
import {
  APPLICATION_MESSAGES,
  PROFESSIONS,
  randomPerson,
  VOLUNTEER_AVAILABILITY,
  VOLUNTEER_INTERESTS,
  VOLUNTEER_INTRODUCTIONS,
} from "../content/people.server";
import {
  cityPhrases,
  DEMO_STATES,
  largeCitiesOf,
  mobilePhone,
  randomMunicipality,
} from "../content/places.server";
import { slugify } from "../content/slug.server";
import { PALETTES } from "../images/artwork.server";
import type { Random } from "../random.server";
import {
  daysAfter,
  earliest,
  type PlannedInstitution,
  type PlannedRequest,
  type PlannedVolunteer,
} from "./plan-types.server";

const DEMO_VOLUNTEER_COUNT = 60;
const DEMO_REQUEST_COUNT = 30;
export const DEMO_VOLUNTEER_DOMAIN = "exemplo.com.br";

export function planVolunteers(random: Random, now: Date): PlannedVolunteer[] {
  const usedEmails = new Set<string>();
  return Array.from({ length: DEMO_VOLUNTEER_COUNT }, () => {
    const person = randomPerson(random);
    // Most live where the institutions are; some anywhere in Brazil.
    const place = random.chance(0.75)
      ? random.pick(largeCitiesOf(random.pick(DEMO_STATES)))
      : randomMunicipality(random);
    const base = slugify(`${person.firstName} ${person.fullName.split(" ").at(-1)}`, ".");
    let email = `${base}@${DEMO_VOLUNTEER_DOMAIN}`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@${DEMO_VOLUNTEER_DOMAIN}`;
    usedEmails.add(email);
    const profession = random.pick(PROFESSIONS)[person.feminine ? 1 : 0];
    const summary = [
      fillTemplate(random.pick(VOLUNTEER_INTRODUCTIONS), {
        profession,
        ...cityPhrases(place.city),
        years: String(random.int(19, 67)),
      }),
      random.pick(VOLUNTEER_INTERESTS),
      random.pick(VOLUNTEER_AVAILABILITY),
    ].join(" ");
    return {
      userId: randomUUID(),
      email,
      phone: mobilePhone(place.state, random),
      name: person.fullName,
      firstName: person.firstName,
      summary,
      state: place.state,
      city: place.city,
      photoPalette: random.chance(0.55) ? random.int(0, PALETTES.length - 1) : null,
      createdAt: daysAfter(now, -random.int(1, 400) - random.next()),
    };
  });
}

/**
 * The example institution (the first approved) works with this many volunteers on ongoing
 * activities, accepted months ago, so its hours page has months to decide (demo-ongoing).
 */
const EXAMPLE_ONGOING_VOLUNTEERS = 2;
/** Days before today those applications were sent (each accepted three days later). */
const EXAMPLE_ONGOING_SINCE_DAYS = 100;

function exampleOngoingRequests(
  random: Random,
  now: Date,
  volunteers: readonly PlannedVolunteer[],
  example: PlannedInstitution,
): PlannedRequest[] {
  const since = daysAfter(now, -EXAMPLE_ONGOING_SINCE_DAYS);
  // Volunteers who had signed up by then, other than the example volunteer (the first).
  const people = volunteers
    .slice(1)
    .filter((volunteer) => volunteer.createdAt < since)
    .slice(0, EXAMPLE_ONGOING_VOLUNTEERS);
  return people.map((volunteer) => {
    const createdAt = new Date(Math.max(since.getTime(), example.reviewedAt?.getTime() ?? 0));
    return {
      volunteer,
      institution: example,
      summary: fillTemplate(random.pick(APPLICATION_MESSAGES), { firstName: volunteer.firstName }),
      status: "ACCEPTED",
      createdAt,
      decidedAt: earliest(now, daysAfter(createdAt, 3)),
    };
  });
}

/** Applications to approved institutions: at most one per volunteer and institution. */
export function planRequests(
  random: Random,
  now: Date,
  volunteers: readonly PlannedVolunteer[],
  institutions: readonly PlannedInstitution[],
): PlannedRequest[] {
  const approved = institutions.filter((institution) => institution.status === "APPROVED");
  const example = approved[0];
  const requests = example ? exampleOngoingRequests(random, now, volunteers, example) : [];
  const pairs = new Set(
    requests.map((request) => `${request.volunteer.userId}:${request.institution.userId}`),
  );
  while (requests.length < DEMO_REQUEST_COUNT && approved.length > 0) {
    const volunteer = random.pick(volunteers);
    const institution = random.pick(approved);
    const key = `${volunteer.userId}:${institution.userId}`;
    if (pairs.has(key)) continue;
    pairs.add(key);
    const since = Math.max(volunteer.createdAt.getTime(), institution.reviewedAt?.getTime() ?? 0);
    const createdAt = earliest(now, new Date(since + random.next() * (now.getTime() - since)));
    const roll = random.next();
    const status = roll < 0.5 ? "PENDING" : roll < 0.8 ? "ACCEPTED" : "DECLINED";
    requests.push({
      volunteer,
      institution,
      summary: fillTemplate(random.pick(APPLICATION_MESSAGES), { firstName: volunteer.firstName }),
      status,
      createdAt,
      decidedAt:
        status === "PENDING" ? null : earliest(now, daysAfter(createdAt, random.int(1, 5))),
    });
  }
  return requests;
}
