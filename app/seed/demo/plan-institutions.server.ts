import { randomUUID } from "node:crypto";
import { MAX_LENGTH, type VolunteeringType } from "~/config/constants";
import { randomCnpj } from "../cnpj.server";
import { CAUSES, type Cause, fillTemplate } from "../content/causes.server";
import {
  CLOSING_TEMPLATES,
  nameWithArticle,
  ORIGIN_TEMPLATES,
  VOLUNTEERING_TEMPLATES,
} from "../content/institution-texts.server";
import { type Person, randomPerson } from "../content/people.server";
import {
  cityPhrases,
  DEMO_STATES,
  landlinePhone,
  largeCitiesOf,
  randomStreetAddress,
} from "../content/places.server";
import { distinctiveWords, initialsOf, slugify } from "../content/slug.server";
import { CAUSE_PALETTE, PALETTES } from "../images/artwork.server";
import type { Random } from "../random.server";
import {
  daysAfter,
  earliest,
  type PlannedInstitution,
  type ReviewStatus,
} from "./plan-types.server";

const PENDING_COUNT = 5;
const REJECTED_COUNT = 3;
export const DEMO_INSTITUTION_DOMAIN = "exemplo.org.br";

/** Every name of every cause, interleaved so neighbours in the list work for different causes. */
function interleavedNames(): { name: string; cause: Cause }[] {
  const longest = Math.max(...CAUSES.map((cause) => cause.institutionNames.length));
  const list: { name: string; cause: Cause }[] = [];
  for (let i = 0; i < longest; i++) {
    for (const cause of CAUSES) {
      const name = cause.institutionNames[i];
      if (name) list.push({ name, cause });
    }
  }
  return list;
}

/** "contato.ler-e-voar@…", shortened to the distinctive words when the form's limit needs it. */
function contactEmailFor(name: string): string {
  const full = `contato.${slugify(name)}@${DEMO_INSTITUTION_DOMAIN}`;
  if (full.length <= MAX_LENGTH.email) return full;
  return `contato.${slugify(distinctiveWords(name).join(" "))}@${DEMO_INSTITUTION_DOMAIN}`;
}

function pickVolunteeringType(random: Random): VolunteeringType {
  const roll = random.next();
  return roll < 0.5 ? "PRESENCIAL" : roll < 0.85 ? "ALL" : "ONLINE";
}

export function planInstitutions(random: Random, now: Date): PlannedInstitution[] {
  const names = interleavedNames();
  const reviewOrder = random.shuffle(names.map((_, index) => index));
  const statusOf = (index: number): ReviewStatus => {
    const rank = reviewOrder.indexOf(index);
    if (rank < PENDING_COUNT) return "PENDING";
    return rank < PENDING_COUNT + REJECTED_COUNT ? "REJECTED" : "APPROVED";
  };
  const usedCnpjs = new Set<string>();

  return names.map(({ name, cause }, index) => {
    const status = statusOf(index);
    const state = DEMO_STATES[index % DEMO_STATES.length] as string;
    const address = randomStreetAddress(random.pick(largeCitiesOf(state)), random);
    const volunteeringType = pickVolunteeringType(random);
    // Pending ones signed up in the last days and wait for review; the others are older.
    const createdAt =
      status === "PENDING"
        ? daysAfter(now, -random.int(0, 3) - random.next())
        : daysAfter(now, -random.int(60, 720) - random.next());
    const reviewedAt =
      status === "PENDING" ? null : earliest(now, daysAfter(createdAt, random.int(1, 3)));
    let cnpj = randomCnpj(random);
    while (usedCnpjs.has(cnpj)) cnpj = randomCnpj(random);
    usedCnpjs.add(cnpj);
    const slug = slugify(name);
    const texts = {
      Name: nameWithArticle(name),
      ...cityPhrases(address.city),
      state: address.state,
    };
    const about = [
      random.pick(ORIGIN_TEMPLATES),
      random.pick(cause.missions),
      random.pick(VOLUNTEERING_TEMPLATES[volunteeringType]),
      random.pick(CLOSING_TEMPLATES),
    ]
      .map((paragraph) =>
        fillTemplate(paragraph, {
          ...texts,
          year: String(random.int(1994, 2021)),
          neighborhood: address.neighborhood,
        }),
      )
      .join("\n\n");

    return {
      userId: randomUUID(),
      email: `${slug}@${DEMO_INSTITUTION_DOMAIN}`,
      phone: landlinePhone(address.state, random),
      name,
      cause: cause.key,
      status,
      cnpj,
      ...responsibleAndRepresentative(randomPerson(random), name),
      contactEmail: contactEmailFor(name),
      summary: random.pick(cause.summaries),
      about,
      volunteeringType,
      permitDivulgation: random.chance(0.85),
      address,
      createdAt,
      reviewedAt,
      initials: initialsOf(name),
      // Mostly the cause's colours, sometimes another palette so logos side by side differ.
      palette: random.chance(0.6) ? CAUSE_PALETTE[cause.key] : random.int(0, PALETTES.length - 1),
      coverVariant: random.int(0, 1),
    };
  });
}

/** Roles of who signs for an ONG, as its statute names them (feminine, masculine). */
const REPRESENTATIVE_ROLES = [
  ["Presidente", "Presidente"],
  ["Diretora executiva", "Diretor executivo"],
  ["Coordenadora geral", "Coordenador geral"],
] as const;

/**
 * The person responsible for the record also signs its documents (ADR 0067), with a role taken
 * from the institution's name rather than a new random draw: the demo plan's later picks stay
 * as they were.
 */
function responsibleAndRepresentative(person: Person, institutionName: string) {
  const [feminine, masculine] =
    REPRESENTATIVE_ROLES[institutionName.length % REPRESENTATIVE_ROLES.length] ??
    REPRESENTATIVE_ROLES[0];
  return {
    responsible: person.fullName,
    representativeName: person.fullName,
    representativeRole: person.feminine ? feminine : masculine,
  };
}
