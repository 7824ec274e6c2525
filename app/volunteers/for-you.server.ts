import { and, asc, desc, eq, gte, inArray, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { causeLabel, skillLabel } from "~/config/causes";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { events, institutions, volunteers } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import type { EventFormat } from "~/events/event-format";
import { forYouReason, type MatchFacts, type MatchSubject } from "./for-you-reasons";

/**
 * "Para você" on the volunteer home (issue 15, item 7): upcoming events and institutions ranked
 * by what they share with the volunteer's profile. Points: 3 per shared cause, 2 per skill an
 * event asks for that the person has, 2 for the person's city, 1 for their state or for taking
 * part online; ties go to the soonest event (or the institution's name). Only items that share a
 * cause or a skill, or are in the person's city, are candidates: each of those conditions is an
 * index lookup (GIN on the causes and skills arrays, B-tree on the place), so the ranking reads a
 * few hundred rows at most, not every upcoming event. Each item carries the sentence that says
 * why it is there (for-you-reasons.ts).
 */
export interface ForYou {
  /** False when the profile names no cause and no skill: the page asks for them instead. */
  hasInterests: boolean;
  events: ForYouEvent[];
  institutions: ForYouInstitution[];
}

export interface ForYouEvent {
  id: string;
  name: string;
  institutionName: string;
  /** 'YYYY-MM-DD' */
  eventDate: string;
  /** 'HH:MM' or null for an all-day event. */
  startTime: string | null;
  city: string;
  state: string;
  format: EventFormat;
  reason: string;
}

export interface ForYouInstitution {
  id: string;
  name: string;
  city: string;
  state: string;
  reason: string;
}

const EVENT_LIMIT = 4;
/**
 * Events scored per volunteer: the soonest this many that match at all. A better match further
 * away than 200 others is left out, which keeps the home's query a few milliseconds at 50 000
 * events (ADR 0047).
 */
const EVENT_CANDIDATES = 200;
const INSTITUTION_LIMIT = 3;
/** Institutions read by each of the two candidate reads (institutionCandidates). */
const INSTITUTION_CANDIDATES = 200;

interface Profile {
  causes: string[];
  skills: string[];
  city: string;
  state: string;
}

// Read on every visit to the volunteer home (ADR 0054); the rankings' shape follows the profile.
const interests = preparedQuery("for_you_interests", () =>
  db()
    .select({
      causes: volunteers.causes,
      skills: volunteers.skills,
      city: volunteers.city,
      state: volunteers.state,
    })
    .from(volunteers)
    .where(eq(volunteers.userId, sql.placeholder("userId"))),
);

export async function forYou(userId: string, today = todayInBrazil()): Promise<ForYou> {
  const [profile] = await interests().execute({ userId });
  if (!profile || (profile.causes.length === 0 && profile.skills.length === 0)) {
    return { hasInterests: false, events: [], institutions: [] };
  }
  // One after the other: PGlite answers one query at a time anyway.
  const eventRows = await rankedEvents(profile, today);
  const institutionRows = await rankedInstitutions(profile);
  return {
    hasInterests: true,
    events: eventRows.map((row) => ({
      id: row.id,
      name: row.name,
      institutionName: row.institutionName,
      eventDate: row.eventDate,
      startTime: row.startTime?.slice(0, 5) ?? null,
      city: row.city,
      state: row.state,
      format: row.format as EventFormat,
      reason: reasonFor(row, profile, "event"),
    })),
    institutions: institutionRows.map((row) => ({
      id: row.id,
      name: row.name,
      city: row.city,
      state: row.state,
      reason: reasonFor(row, profile, "institution"),
    })),
  };
}

/** The values of `column` that are also in `wanted`, as an array (empty, never null). */
function shared(column: SQLWrapper, wanted: string[]): SQL<string[]> {
  return sql<
    string[]
  >`array(select x from unnest(${column}) as x where x = any(${textArray(wanted)}))`;
}

/** A text[] parameter, written as PostgreSQL's array literal (both drivers take it as text). */
function textArray(values: string[]): SQL {
  const items = values.map((value) => `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`);
  return sql`${`{${items.join(",")}}`}::text[]`;
}

function sharedCount(column: SQLWrapper, wanted: string[]): SQL<number> {
  return sql<number>`cardinality(${shared(column, wanted)})`;
}

function rankedEvents(profile: Profile, today: string) {
  const at = (place: { state: SQLWrapper; city: SQLWrapper; format: SQLWrapper }) => {
    const inPerson = sql`${place.format} <> 'ONLINE'`;
    return {
      sameCity: sql`(${place.state} = ${profile.state} and ${place.city} = ${profile.city} and ${inPerson})`,
      sameState: sql`(${place.state} = ${profile.state} and ${inPerson})`,
      online: sql`${place.format} <> 'PRESENCIAL'`,
    };
  };
  // The soonest matching events first (an index walk in date order, or the GIN and place
  // indexes ORed when matches are rare), then only those are scored.
  const candidates = db()
    .select({
      id: events.id,
      name: events.name,
      institutionId: events.institutionId,
      eventDate: events.eventDate,
      startTime: events.startTime,
      city: events.city,
      state: events.state,
      format: events.format,
      causes: events.causes,
      skills: events.skills,
    })
    .from(events)
    .where(
      and(
        eq(events.status, "APPROVED"),
        gte(events.eventDate, today),
        or(
          sql`${events.causes} && ${textArray(profile.causes)}`,
          sql`${events.skills} && ${textArray(profile.skills)}`,
          at(events).sameCity,
        ),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.id))
    .limit(EVENT_CANDIDATES)
    .as("candidates");
  const { sameCity, sameState, online } = at(candidates);
  const score = sql<number>`3 * ${sharedCount(candidates.causes, profile.causes)}
    + 2 * ${sharedCount(candidates.skills, profile.skills)}
    + case when ${sameCity} then 2 when ${sameState} or ${online} then 1 else 0 end`;
  return db()
    .select({
      id: candidates.id,
      name: candidates.name,
      institutionName: institutions.name,
      eventDate: candidates.eventDate,
      startTime: candidates.startTime,
      city: candidates.city,
      state: candidates.state,
      format: candidates.format,
      causes: shared(candidates.causes, profile.causes),
      skills: shared(candidates.skills, profile.skills),
      place: sql<MatchFacts["place"]>`case when ${sameCity} then 'city'
        when ${online} then 'online' when ${sameState} then 'state' end`,
    })
    .from(candidates)
    .innerJoin(institutions, eq(institutions.userId, candidates.institutionId))
    .orderBy(desc(score), asc(candidates.eventDate), asc(candidates.startTime), asc(candidates.id))
    .limit(EVENT_LIMIT);
}

function rankedInstitutions(profile: Profile) {
  const sameCity = and(eq(institutions.state, profile.state), eq(institutions.city, profile.city));
  const sameState = eq(institutions.state, profile.state);
  const online = sql`${institutions.volunteeringType} <> 'PRESENCIAL'`;
  const score = sql<number>`3 * ${sharedCount(institutions.causes, profile.causes)}
    + case when ${sameCity} then 2 when ${sameState} or ${online} then 1 else 0 end`;
  return db()
    .select({
      id: institutions.userId,
      name: institutions.name,
      city: institutions.city,
      state: institutions.state,
      causes: shared(institutions.causes, profile.causes),
      skills: sql<string[]>`'{}'::text[]`,
      place: sql<MatchFacts["place"]>`case when ${sameCity} then 'city'
        when ${online} then 'online' when ${sameState} then 'state' end`,
    })
    .from(institutions)
    .where(inArray(institutions.userId, institutionCandidates(profile)))
    .orderBy(desc(score), asc(institutions.name), asc(institutions.userId))
    .limit(INSTITUTION_LIMIT);
}

/**
 * The institutions worth scoring, two bounded index reads: those in the person's state that
 * share a cause or their city (the place index), and the first that share a cause in name order
 * (the directory's name index walked, or the causes GIN index when few share it). The best
 * scores (a cause and the city or state) are all in the first read; the second finds causes
 * further away. Without the bound a common cause scored a fifth of every approved institution.
 */
function institutionCandidates(profile: Profile): SQL {
  const approved = sql`${institutions.status} = 'APPROVED'`;
  const sharesCause = sql`${institutions.causes} && ${textArray(profile.causes)}`;
  return sql`((select ${institutions.userId} from ${institutions}
      where ${approved} and ${institutions.state} = ${profile.state}
        and (${sharesCause} or ${institutions.city} = ${profile.city})
      limit ${INSTITUTION_CANDIDATES})
    union
    (select ${institutions.userId} from ${institutions}
      where ${approved} and ${sharesCause}
      order by ${institutions.name}, ${institutions.userId}
      limit ${INSTITUTION_CANDIDATES}))`;
}

function reasonFor(
  row: { causes: string[]; skills: string[]; place: MatchFacts["place"] },
  profile: Profile,
  subject: MatchSubject,
): string {
  // In the order of the volunteer's own list, so the reason reads as their profile does.
  return forYouReason(
    {
      causes: profile.causes
        .filter((slug) => row.causes.includes(slug))
        .map(causeLabel)
        .map(inSentence),
      skills: profile.skills
        .filter((slug) => row.skills.includes(slug))
        .map(skillLabel)
        .map(inSentence),
      place: row.place,
      city: profile.city,
    },
    subject,
  );
}

/** "Combate à fome" as it reads inside a sentence: "combate à fome". */
function inSentence(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}
