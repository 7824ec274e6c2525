import { CAUSES } from "../content/causes.server";
import {
  CLOSING_TEMPLATES,
  nameWithArticle,
  ORIGIN_TEMPLATES,
  VOLUNTEERING_TEMPLATES,
} from "../content/institution-texts.server";
import {
  APPLICATION_MESSAGES,
  FEMALE_FIRST_NAMES,
  MALE_FIRST_NAMES,
  PROFESSIONS,
  SURNAMES,
  VOLUNTEER_AVAILABILITY,
  VOLUNTEER_INTERESTS,
  VOLUNTEER_INTRODUCTIONS,
} from "../content/people.server";
import {
  areaCode,
  COMPLEMENTS,
  cityPhrases,
  listLargeCities,
  NEIGHBORHOODS,
  type Place,
  randomMunicipality,
  STREETS,
} from "../content/places.server";
import { slugify } from "../content/slug.server";
import { createRandom } from "../random.server";

/**
 * The word lists the bulk SQL draws from, sent to the database as one JSON parameter and
 * unpacked into arrays (bulk/sql-fragments.server.ts). A list split by cause is flattened, with
 * `<name>_off` and `<name>_cnt` giving each cause's first index and length.
 */
export type BulkLists = Record<string, readonly string[] | readonly number[]>;

/** The pooled images the generated rows point at (ids of rows in `images`). */
export interface BulkImageIds {
  /** One logo per institution name, in the order of `institutionNamesByCause()`. */
  logos: readonly string[];
  /** Cover ids grouped by cause, in CAUSES order. */
  coversByCause: readonly (readonly string[])[];
  avatars: readonly string[];
}

/** How many random municipalities join the large cities, which weigh three times as much. */
const SMALL_TOWN_SAMPLE = 400;
const LARGE_CITY_WEIGHT = 3;

export function institutionNamesByCause(): string[][] {
  return CAUSES.map((cause) => [...cause.institutionNames]);
}

export function buildBulkLists(imageIds: BulkImageIds): BulkLists {
  const places = bulkPlaces();
  return {
    ...grouped("inst_names", institutionNamesByCause()),
    ...grouped(
      "inst_articles",
      institutionNamesByCause().map((names) => names.map(nameWithArticle)),
    ),
    ...grouped("inst_logos", chunkLike(institutionNamesByCause(), imageIds.logos)),
    ...grouped(
      "summaries",
      CAUSES.map((cause) => [...cause.summaries]),
    ),
    ...grouped(
      "missions",
      CAUSES.map((cause) => [...cause.missions]),
    ),
    ...grouped(
      "event_names",
      CAUSES.map((cause) => cause.events.map((idea) => idea.name)),
    ),
    ...grouped(
      "event_resumes",
      CAUSES.map((cause) => cause.events.map((idea) => idea.resume)),
    ),
    ...grouped(
      "event_abouts",
      CAUSES.map((cause) => cause.events.map((idea) => idea.about)),
    ),
    ...grouped(
      "covers",
      imageIds.coversByCause.map((ids) => [...ids]),
    ),
    avatars: imageIds.avatars,
    origins: ORIGIN_TEMPLATES,
    closings: CLOSING_TEMPLATES,
    volunteering_presencial: VOLUNTEERING_TEMPLATES.PRESENCIAL,
    volunteering_online: VOLUNTEERING_TEMPLATES.ONLINE,
    volunteering_all: VOLUNTEERING_TEMPLATES.ALL,
    place_states: places.map((place) => place.state),
    place_cities: places.map((place) => place.city),
    place_in: places.map((place) => cityPhrases(place.city).inCity),
    place_of: places.map((place) => cityPhrases(place.city).ofCity),
    place_area_codes: places.map((place) => areaCode(place.state)),
    streets: STREETS,
    neighborhoods: NEIGHBORHOODS,
    complements: COMPLEMENTS,
    female_names: FEMALE_FIRST_NAMES,
    female_slugs: FEMALE_FIRST_NAMES.map((name) => slugify(name)),
    male_names: MALE_FIRST_NAMES,
    male_slugs: MALE_FIRST_NAMES.map((name) => slugify(name)),
    surnames: SURNAMES,
    surname_slugs: SURNAMES.map((name) => slugify(name)),
    professions_m: PROFESSIONS.map(([masculine]) => masculine),
    professions_f: PROFESSIONS.map(([, feminine]) => feminine),
    introductions: VOLUNTEER_INTRODUCTIONS,
    interests: VOLUNTEER_INTERESTS,
    availability: VOLUNTEER_AVAILABILITY,
    application_messages: APPLICATION_MESSAGES,
  };
}

/** Large cities (weighted) and a fixed sample of smaller municipalities from every state. */
function bulkPlaces(): Place[] {
  const random = createRandom(5_570);
  const large = listLargeCities();
  const weighted = Array.from({ length: LARGE_CITY_WEIGHT }, () => large).flat();
  return [
    ...weighted,
    ...Array.from({ length: SMALL_TOWN_SAMPLE }, () => randomMunicipality(random)),
  ];
}

function grouped(name: string, groups: readonly (readonly string[])[]): BulkLists {
  const offsets: number[] = [];
  let offset = 0;
  for (const group of groups) {
    if (group.length === 0) throw new Error(`Bulk list ${name} has an empty group`);
    offsets.push(offset);
    offset += group.length;
  }
  return {
    [name]: groups.flat(),
    [`${name}_off`]: offsets,
    [`${name}_cnt`]: groups.map((group) => group.length),
  };
}

/** Splits a flat list into groups of the same sizes as `shape`. */
function chunkLike(shape: readonly (readonly unknown[])[], flat: readonly string[]): string[][] {
  let start = 0;
  return shape.map((group) => {
    const slice = flat.slice(start, start + group.length);
    start += group.length;
    return slice;
  });
}
