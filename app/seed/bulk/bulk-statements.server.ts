import { type SQL, sql } from "drizzle-orm";
import { CAUSE_SLUG_OF, CAUSES } from "../content/causes.server";
import { fill, hash, indexIn, indexInGroup, pick } from "./sql-fragments.server";

/**
 * One INSERT ... SELECT per chunk of generated rows. Institution number g (1-based) determines
 * everything about institution g; events and applications reach their institution through
 * `approvedInstitutionNumber`, volunteers through their own number.
 */
export interface BulkRun {
  /** Short hex tag of this run: keeps e-mails and ids unique when the seed runs again. */
  tag: string;
  lists: SQL;
  passwordHash: string;
  institutions: number;
  volunteers: number;
  /** The CNPJs of institutions from..to (computed in JavaScript, see cnpj.server.ts). */
  cnpjs: (from: number, to: number) => string[];
}

// Out of every 20 institutions, 2 are pending and 1 rejected; the other 17 are approved.
const STATUS_CYCLE = 20;
const PENDING_SLOTS = [7, 14];
const REJECTED_SLOTS = [19];
const APPROVED_SLOTS = Array.from({ length: STATUS_CYCLE }, (_, slot) => slot).filter(
  (slot) => !PENDING_SLOTS.includes(slot) && !REJECTED_SLOTS.includes(slot),
);

export function approvedInstitutionCount(institutions: number): number {
  const full = Math.floor(institutions / STATUS_CYCLE) * APPROVED_SLOTS.length;
  const rest = APPROVED_SLOTS.filter((slot) => slot < institutions % STATUS_CYCLE).length;
  return full + rest;
}

/** The number of the x-th (0-based) approved institution. */
function approvedInstitutionNumber(x: string): string {
  const k = APPROVED_SLOTS.length;
  return `((${x}) / ${k} * ${STATUS_CYCLE} + (array[${APPROVED_SLOTS.join(",")}])[1 + (${x}) % ${k}] + 1)`;
}

const institutionId = (tag: string, g: string) => `md5('${tag}:i:' || ${g})::uuid`;
const volunteerId = (tag: string, v: string) => `md5('${tag}:v:' || ${v})::uuid`;
const causeOf = (g: string) => `(${g} % ${CAUSES.length})`;
/** The platform's cause (ADR 0045) of cause number `c`, as a one-element text[]. */
const causesOf = (c: string) =>
  `array[(array[${CAUSES.map((cause) => `'${CAUSE_SLUG_OF[cause.key]}'`).join(", ")}])[1 + ${c}]]`;
const placeOf = (g: string) => indexIn("place_cities", g, 3);
const daysAgo = (expr: string, salt: number, maxDays: number) =>
  `now() - (${hash(expr, salt)} % ${maxDays} + 1) * interval '1 day' - (${hash(expr, salt + 1)} % 86400) * interval '1 second'`;
const adminId = "(select id from users where role = 'ADMIN' order by created_at limit 1)";

function addressColumns(row: string, salt: number): string {
  return `${pick("streets", row, salt)} as street,
    (1 + ${hash(row, salt + 1)} % 2400)::text as number,
    ${pick("neighborhoods", row, salt + 2)} as neighborhood,
    case when ${hash(row, salt + 3)} % 10 < 3 then ${pick("complements", row, salt + 4)} end as complement`;
}

export function insertInstitutions(run: BulkRun, from: number, to: number): SQL {
  const g = "g";
  const volunteeringTemplate = `case volunteering_type
      when 'PRESENCIAL' then ${pick("volunteering_presencial", g, 12)}
      when 'ONLINE' then ${pick("volunteering_online", g, 12)}
      else ${pick("volunteering_all", g, 12)} end`;
  const about = `${pick("origins", g, 10)} || E'\\n\\n' || l.missions[1 + ${indexInGroup("missions", "c", g, 11)}]
      || E'\\n\\n' || ${volunteeringTemplate} || E'\\n\\n' || ${pick("closings", g, 13)}`;
  return sql`with ${run.lists},
  s as (
    select g, ${sql.raw(institutionId(run.tag, g))} as id, ${sql.raw(causeOf(g))} as c,
      ${sql.raw(placeOf(g))} as p,
      case when (g - 1) % ${sql.raw(String(STATUS_CYCLE))} in (${sql.raw(PENDING_SLOTS.join(","))}) then 'PENDING'
        when (g - 1) % ${sql.raw(String(STATUS_CYCLE))} in (${sql.raw(REJECTED_SLOTS.join(","))}) then 'REJECTED'
        else 'APPROVED' end as status,
      ${sql.raw(daysAgo(g, 4, 720))} as created_at,
      case when ${sql.raw(hash(g, 6))} % 100 < 50 then 'PRESENCIAL'
        when ${sql.raw(hash(g, 6))} % 100 < 85 then 'ALL' else 'ONLINE' end as volunteering_type,
      ${sql.raw(hash(g, 7))} % 100 < 88 as permit_divulgation,
      ${sql.raw(addressColumns(g, 20))}
    from generate_series(${from}::int, ${to}::int) g, l
  ),
  r as (
    select s.*, ${sql.raw(indexInGroup("inst_names", "c", g, 1))} as n,
      l.place_cities[1 + p] as city, l.place_states[1 + p] as state
    from s, l
  ),
  t as (
    select r.*,
      case when ${sql.raw(hash(g, 9))} % 2 = 0 and char_length(l.inst_names[1 + n] || ' – ' || city) <= 50
        then l.inst_names[1 + n] || ' – ' || city else l.inst_names[1 + n] end as name,
      ${sql.raw(
        fill(about, {
          Name: "l.inst_articles[1 + n]",
          year: `(1994 + ${hash(g, 14)} % 28)::text`,
          inCity: "l.place_in[1 + p]",
          ofCity: "l.place_of[1 + p]",
          state: "state",
          neighborhood: "neighborhood",
        }),
      )} as about,
      l.summaries[1 + ${sql.raw(indexInGroup("summaries", "c", g, 15))}] as summary,
      l.inst_logos[1 + n]::uuid as logo,
      l.covers[1 + ${sql.raw(indexInGroup("covers", "c", g, 16))}]::uuid as cover,
      '55' || l.place_area_codes[1 + p] || '3' || lpad((${sql.raw(hash(g, 17))} % 10000000)::text, 7, '0') as phone,
      ${sql.raw(personName(g, 30))} as responsible,
      (${JSON.stringify(run.cnpjs(from, to))}::jsonb ->> (g - ${from})) as cnpj
    from r, l
  ),
  u as (
    insert into users (id, email, email_verified, name, phone, role, profile, created_at, updated_at)
    select id, 'i' || g || '.${sql.raw(run.tag)}@exemplo.org.br', true, name, phone, 'USER', 'INSTITUTION', created_at, created_at from t
  ),
  a as (
    insert into accounts (user_id, account_id, provider_id, password, created_at, updated_at)
    select id, id::text, 'credential', ${run.passwordHash}, created_at, created_at from t
  ),
  i as (
    insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
      volunteering_type, causes, permit_divulgation, permit_divulgation_at, status, profile_image_id,
      cover_image_id, street, number, neighborhood, complement, city, state, reviewed_at,
      reviewed_by, created_at, updated_at)
    select id, name, cnpj, responsible, 'contato.i' || g || '.${sql.raw(run.tag)}@exemplo.org.br', summary, about,
      volunteering_type, ${sql.raw(causesOf("c"))}, permit_divulgation, case when permit_divulgation then created_at end, status, logo,
      cover, street, number, neighborhood, complement, city, state,
      case when status <> 'PENDING' then least(now(), created_at + interval '2 days') end,
      case when status <> 'PENDING' then ${sql.raw(adminId)} end, created_at, created_at
    from t
  ),
  m as (
    -- Each institution's own account is its first responsável (issue 41).
    insert into institution_members (institution_id, user_id, role, joined_at)
    select id, id, 'RESPONSAVEL', created_at from t
  )
  select count(*)::int as inserted from t`;
}

/** "Maria Souza Lima": first name by gender, two different surnames. */
function personName(row: string, salt: number): string {
  return `${firstName(row, salt)} || ' ' || ${surname(row, salt, 0)} || ' ' || ${surname(row, salt, 1)}`;
}

function isFemale(row: string, salt: number): string {
  return `${hash(row, salt)} % 2 = 0`;
}

function firstName(row: string, salt: number, suffix: "names" | "slugs" = "names"): string {
  return `case when ${isFemale(row, salt)} then ${pick(`female_${suffix}`, row, salt + 1)} else ${pick(`male_${suffix}`, row, salt + 1)} end`;
}

/** The first (0) or second (1) surname; the second is never the same as the first. */
function surname(row: string, salt: number, which: 0 | 1, list = "surnames"): string {
  const first = indexIn("surnames", row, salt + 2);
  const index =
    which === 0
      ? first
      : `(${first} + 1 + ${hash(row, salt + 3)} % (cardinality(l.surnames) - 1)) % cardinality(l.surnames)`;
  return `l.${list}[1 + ${index}]`;
}

export function volunteerEmail(run: BulkRun, v: string): string {
  return `${firstName(v, 40, "slugs")} || '.' || ${surname(v, 40, 1, "surname_slugs")} || '.' || ${v} || '.${run.tag}@exemplo.com.br'`;
}

export function volunteerPhone(v: string): string {
  return `'55' || l.place_area_codes[1 + ${indexIn("place_cities", v, 50)}] || '9' || lpad((${hash(v, 51)} % 100000000)::text, 8, '0')`;
}

export function insertVolunteers(run: BulkRun, from: number, to: number): SQL {
  const v = "v";
  const introduction = fill(pick("introductions", v, 52), {
    profession: `case when ${isFemale(v, 40)} then ${pick("professions_f", v, 53)} else ${pick("professions_m", v, 53)} end`,
    inCity: `l.place_in[1 + p]`,
    years: `(19 + ${hash(v, 54)} % 50)::text`,
  });
  return sql`with ${run.lists},
  s as (
    select v, ${sql.raw(volunteerId(run.tag, v))} as id, ${sql.raw(indexIn("place_cities", v, 50))} as p,
      ${sql.raw(daysAgo(v, 55, 400))} as created_at
    from generate_series(${from}::int, ${to}::int) v, l
  ),
  t as (
    select s.*, ${sql.raw(personName(v, 40))} as name, ${sql.raw(volunteerEmail(run, v))} as email,
      ${sql.raw(volunteerPhone(v))} as phone,
      ${sql.raw(introduction)} || ' ' || ${sql.raw(pick("interests", v, 57))} || ' ' || ${sql.raw(pick("availability", v, 58))} as summary,
      case when ${sql.raw(hash(v, 59))} % 100 < 50 then ${sql.raw(pick("avatars", v, 60))}::uuid end as photo
    from s, l
  ),
  u as (
    insert into users (id, email, email_verified, name, phone, role, profile, created_at, updated_at)
    select id, email, true, name, phone, 'USER', 'VOLUNTEER', created_at, created_at from t
  ),
  a as (
    insert into accounts (user_id, account_id, provider_id, password, created_at, updated_at)
    select id, id::text, 'credential', ${run.passwordHash}, created_at, created_at from t
  ),
  vo as (
    insert into volunteers (user_id, photo_image_id, summary, state, city, created_at, updated_at)
    select id, photo, summary, l.place_states[1 + p], l.place_cities[1 + p], created_at, created_at from t, l
  )
  select count(*)::int as inserted from t`;
}

export function insertEvents(run: BulkRun, from: number, to: number): SQL {
  const e = "e";
  const approved = approvedInstitutionCount(run.institutions);
  return sql`with ${run.lists},
  s as (
    select e, ${sql.raw(approvedInstitutionNumber(`${hash(e, 70)} % ${approved}`))} as g,
      current_date + (${sql.raw(hash(e, 71))} % 550)::int - 365 as event_date,
      ${sql.raw(hash(e, 72))} % 100 as roll,
      ${sql.raw(addressColumns(e, 80))}
    from generate_series(${from}::int, ${to}::int) e, l
  ),
  r as (
    select s.*, ${sql.raw(causeOf("g"))} as c, ${sql.raw(placeOf("g"))} as p,
      case when roll < 72 then 'APPROVED' when roll < 86 then 'PENDING'
        when roll < 94 then 'REJECTED' else 'DELETED' end as status,
      least(now(), event_date - (5 + ${sql.raw(hash(e, 73))} % 60)::int + time '10:00') as created_at
    from s, l
  ),
  t as (
    select r.*, ${sql.raw(indexInGroup("event_names", "c", e, 74))} as n,
      l.covers[1 + ${sql.raw(indexInGroup("covers", "c", e, 75))}]::uuid as cover
    from r, l
  )
  insert into events (institution_id, name, event_date, resume, about, cover_image_id, street,
    number, neighborhood, complement, city, state, status, reviewed_at, reviewed_by, created_at,
    updated_at, causes)
  select ${sql.raw(institutionId(run.tag, "g"))}, l.event_names[1 + n], event_date,
    ${sql.raw(fill("l.event_resumes[1 + n]", { inCity: "l.place_in[1 + p]", ofCity: "l.place_of[1 + p]", neighborhood: "neighborhood" }))},
    ${sql.raw(fill("l.event_abouts[1 + n]", { inCity: "l.place_in[1 + p]", ofCity: "l.place_of[1 + p]", neighborhood: "neighborhood" }))},
    cover, street, number, neighborhood, complement, l.place_cities[1 + p], l.place_states[1 + p], status,
    case when status <> 'PENDING' then least(now(), created_at + interval '1 day') end,
    case when status <> 'PENDING' then ${sql.raw(adminId)} end, created_at, created_at,
    ${sql.raw(causesOf("c"))}
  from t, l`;
}

/**
 * Application r goes from volunteer ((r-1) mod V) + 1 to that volunteer's k-th approved
 * institution after a hashed start, k = (r-1) div V: pairs never repeat while k < approved.
 */
export function insertRequests(run: BulkRun, from: number, to: number): SQL {
  const volunteers = run.volunteers;
  const approved = approvedInstitutionCount(run.institutions);
  return sql`with ${run.lists},
  s as (
    select r, (r - 1) % ${volunteers} + 1 as v, (r - 1) / ${volunteers} as k,
      ${sql.raw(hash("r", 90))} % 100 as roll
    from generate_series(${from}::int, ${to}::int) r
  ),
  t as (
    select s.*, ${sql.raw(approvedInstitutionNumber(`(${hash("v", 91)} + k) % ${approved}`))} as g,
      ${sql.raw(daysAgo("r", 92, 120))} as created_at,
      case when roll < 60 then 'PENDING' when roll < 85 then 'ACCEPTED' else 'DECLINED' end as status
    from s
  )
  insert into volunteer_requests (volunteer_id, institution_id, reply_email, phone, summary, status,
    decided_at, created_at, updated_at)
  select ${sql.raw(volunteerId(run.tag, "v"))}, ${sql.raw(institutionId(run.tag, "g"))},
    ${sql.raw(volunteerEmail(run, "v"))}, ${sql.raw(volunteerPhone("v"))},
    ${sql.raw(fill(pick("application_messages", "r", 93), { firstName: firstName("v", 40) }))},
    status, case when status <> 'PENDING' then least(now(), created_at + interval '2 days') end,
    created_at, created_at
  from t, l`;
}
