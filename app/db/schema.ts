import { relations, type SQL, sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { CAUSE_SLUGS, MAX_CAUSES, MAX_SKILLS, SKILL_SLUGS } from "~/config/causes";
import type { FieldChange } from "~/lib/field-changes";

/**
 * The whole data model (docs/design.md section 6). Enumerations are text columns with CHECK
 * constraints, which are simpler to extend in a migration than PostgreSQL enum types.
 * Search columns are generated from unaccented, lower-cased text and carry trigram indexes, so
 * "sao paulo" finds "São Paulo" with an index scan. `immutable_unaccent` is created by the first
 * migration (unaccent() itself is not IMMUTABLE and cannot be used in an index).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

const inList = (column: unknown, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;

/**
 * Causes or skills (ADR 0045): a text[] of known slugs, at most `max` (each once: the code
 * writes them through parseCauses/parseSkills; a CHECK cannot hold the subquery that would test
 * it). The CHECK is built from app/config/causes.ts, so a new cause is a migration.
 */
const slugList = (column: unknown, slugs: readonly string[], max: number) =>
  sql`${column} <@ array[${sql.raw(slugs.map((slug) => `'${slug}'`).join(", "))}]::text[]
    and cardinality(${column}) <= ${sql.raw(String(max))}`;

const causesColumn = () => text("causes").array().notNull().default(sql`'{}'::text[]`);
const skillsColumn = () => text("skills").array().notNull().default(sql`'{}'::text[]`);

const searchable = (...parts: SQL[]) =>
  sql`immutable_unaccent(lower(${sql.join(parts, sql` || ' ' || `)}))`;

/** PostgreSQL's full-text document type; Drizzle has no builder for it. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * A full-text document for the Portuguese search (ADR 0028): each part unaccented, then split,
 * stemmed and stripped of stop words by the `portuguese` configuration, weighted (A the name, B
 * the summary and city, C the about text) so ts_rank puts a match in the name first.
 */
const searchDocument = (...parts: [SQL, "A" | "B" | "C"][]) =>
  sql.join(
    parts.map(
      ([part, weight]) =>
        sql`setweight(to_tsvector('portuguese'::regconfig, immutable_unaccent(${part})), ${sql.raw(`'${weight}'`)})`,
    ),
    sql` || `,
  );

const address = {
  street: text("street").notNull(),
  number: text("number").notNull(),
  neighborhood: text("neighborhood").notNull(),
  complement: text("complement"),
  city: text("city").notNull(),
  state: text("state").notNull(),
};

// ---------------------------------------------------------------- accounts (better-auth tables)

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /**
     * The address proved it reaches this person (ADR 0069). Only the sign-up wizard creates an
     * account a stranger controls, and it writes false until the confirmation link is used;
     * accounts made by an operator (admin:create, demo data) are confirmed from the start.
     */
    emailVerified: boolean("email_verified").notNull().default(true),
    name: text("name").notNull(),
    /** Required by the auth library's user model; our photos live in `images`. */
    image: text("image"),
    phone: text("phone"),
    role: text("role").notNull().default("USER"),
    profile: text("profile").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => searchable(sql`${users.name}`, sql`${users.email}`),
    ),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_profile_created_idx").on(t.profile, t.createdAt),
    // The admin's volunteer list, by name: a page read from the index instead of sorting every
    // volunteer (48 ms at 100 000, in parallel workers; migration 0019).
    index("users_profile_name_idx").on(t.profile, t.name, t.id),
    index("users_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    check("users_role_check", inList(t.role, ["USER", "ADMIN"])),
    check("users_profile_check", inList(t.profile, ["VOLUNTEER", "INSTITUTION", "ADMIN"])),
    check("users_phone_digits_check", sql`${t.phone} ~ '^[0-9]{10,13}$'`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// ---------------------------------------------------------------- images

export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "cascade" }),
    bytes: bytea("bytes").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("images_owner_idx").on(t.ownerId),
    check(
      "images_content_type_check",
      inList(t.contentType, ["image/jpeg", "image/png", "image/webp"]),
    ),
    check("images_dimensions_check", sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);

/**
 * A photo the browser uploaded (with progress) before its form is sent, already through the image
 * pipeline: waiting for the form that claims it (docs/decisions/0029). The browser holds a random
 * token; this row's id is its SHA-256. `uploader` is who may claim it: "user:<id>" for a signed-in
 * person, "draft:<signup draft id>" during sign-up. Unclaimed rows go after a day (housekeeping).
 */
export const stagedImages = pgTable(
  "staged_images",
  {
    id: text("id").primaryKey(),
    uploader: text("uploader").notNull(),
    kind: text("kind").notNull(),
    bytes: bytea("bytes").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staged_images_uploader_idx").on(t.uploader, t.createdAt),
    index("staged_images_created_idx").on(t.createdAt),
    check("staged_images_kind_check", inList(t.kind, ["profile", "cover"])),
  ],
);

// ---------------------------------------------------------------- people

export const volunteers = pgTable(
  "volunteers",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    photoImageId: uuid("photo_image_id").references(() => images.id, { onDelete: "set null" }),
    summary: text("summary").notNull(),
    state: text("state").notNull(),
    city: text("city").notNull(),
    /** Interests (ADR 0045): causes the volunteer cares about, optional. */
    causes: causesColumn(),
    skills: skillsColumn(),
    /**
     * Age (issue 16, ADR 0050): asked on sign-up, null for accounts made before until their next
     * edit. Under 18, a parent or guardian is named and consents to the account (and to each
     * termo de adesão, in agreements).
     */
    birthDate: date("birth_date", { mode: "string" }),
    guardianName: text("guardian_name"),
    guardianEmail: text("guardian_email"),
    guardianConsentedAt: timestamp("guardian_consented_at", { withTimezone: true }),
    guardianConsentIp: text("guardian_consent_ip"),
    /** Who consented, as the guardian typed their name on the consent page. */
    guardianConsentName: text("guardian_consent_name"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("volunteers_causes_check", slugList(t.causes, CAUSE_SLUGS, MAX_CAUSES)),
    check("volunteers_skills_check", slugList(t.skills, SKILL_SLUGS, MAX_SKILLS)),
    check("volunteers_state_check", sql`${t.state} ~ '^[A-Z]{2}$'`),
    check("volunteers_summary_length_check", sql`char_length(${t.summary}) <= 1200`),
  ],
);

export const institutions = pgTable(
  "institutions",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 14 characters, no punctuation, upper case (the alphanumeric CNPJ has letters). */
    cnpj: text("cnpj").notNull().unique(),
    responsible: text("responsible").notNull(),
    /**
     * Who signs termos and certificates for the institution, and their role ("Maria Silva",
     * "Presidente"; ADR 0067): both or neither, set on "Editar perfil". Copied into each termo
     * and certificate when issued, so a later change never alters a document already issued.
     */
    representativeName: text("representative_name"),
    representativeRole: text("representative_role"),
    contactEmail: text("contact_email").notNull(),
    summary: text("summary").notNull(),
    about: text("about").notNull(),
    volunteeringType: text("volunteering_type").notNull().default("PRESENCIAL"),
    permitDivulgation: boolean("permit_divulgation").notNull().default(true),
    permitDivulgationAt: timestamp("permit_divulgation_at", { withTimezone: true }),
    status: text("status").notNull().default("PENDING"),
    profileImageId: uuid("profile_image_id").references(() => images.id, { onDelete: "set null" }),
    coverImageId: uuid("cover_image_id").references(() => images.id, { onDelete: "set null" }),
    ...address,
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** Why the last rejection was made, as the institution reads it (null once approved). */
    reviewReason: text("review_reason"),
    /** Set when a rejected institution sends its corrected record back for review. */
    resubmittedAt: timestamp("resubmitted_at", { withTimezone: true }),
    /** What the institution changed before resubmitting: one entry per field. */
    resubmissionChanges: jsonb("resubmission_changes").$type<FieldChange[]>(),
    /** A new name an approved institution asked for; the public keeps `name` until approved. */
    proposedName: text("proposed_name"),
    /** One to three causes, chosen on the profile (ADR 0045); empty for older institutions. */
    causes: causesColumn(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL =>
        searchable(
          sql`${institutions.name}`,
          sql`${institutions.summary}`,
          sql`${institutions.city}`,
        ),
    ),
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL =>
        searchDocument(
          [sql`${institutions.name}`, "A"],
          [sql`${institutions.summary} || ' ' || ${institutions.city}`, "B"],
          [sql`${institutions.about}`, "C"],
        ),
    ),
  },
  (t) => [
    index("institutions_status_name_idx").on(t.status, t.name),
    // The dashboard's queue of names waiting for review: few rows, found without a scan.
    index("institutions_proposed_name_idx")
      .on(t.updatedAt)
      .where(sql`${t.proposedName} is not null`),
    index("institutions_status_state_city_idx").on(t.status, t.state, t.city),
    index("institutions_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("institutions_search_document_idx")
      .using("gin", t.searchDocument)
      .where(sql`${t.status} = 'APPROVED'`),
    // Also "institutions_approved_directory_idx" (name, user_id) INCLUDE (search_text) WHERE
    // approved: written by hand in migration 0004, as Drizzle cannot declare INCLUDE.
    // The directory's cause filter (`causes && array[...]`, ADR 0045): approved rows only.
    index("institutions_causes_idx").using("gin", t.causes).where(sql`${t.status} = 'APPROVED'`),
    check("institutions_causes_check", slugList(t.causes, CAUSE_SLUGS, MAX_CAUSES)),
    check("institutions_status_check", inList(t.status, ["PENDING", "APPROVED", "REJECTED"])),
    check(
      "institutions_representative_check",
      sql`(${t.representativeName} is null) = (${t.representativeRole} is null)`,
    ),
    check(
      "institutions_volunteering_type_check",
      inList(t.volunteeringType, ["PRESENCIAL", "ONLINE", "ALL"]),
    ),
    check("institutions_cnpj_format_check", sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`),
    check("institutions_state_check", sql`${t.state} ~ '^[A-Z]{2}$'`),
    check("institutions_summary_length_check", sql`char_length(${t.summary}) <= 80`),
    check("institutions_about_length_check", sql`char_length(${t.about}) <= 1200`),
  ],
);

/**
 * The approved institutions' names and search texts alone, kept by a trigger on institutions
 * (migration 0005): a narrow copy whose trigram index answers a directory search that matches few
 * names without fetching wide institution rows (docs/benchmarks.md). Never written by the app.
 */
export const directorySearch = pgTable(
  "directory_search",
  {
    institutionId: uuid("institution_id")
      .primaryKey()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    searchText: text("search_text").notNull(),
    /** A copy of institutions.search_document (migration 0007). */
    document: tsvector("document").notNull(),
    /**
     * The document's name part alone (weight A) and its card part (name, summary and city:
     * weights A and B), for the directory's search in tiers (ADR 0040, migration 0011).
     */
    nameDocument: tsvector("name_document").generatedAlwaysAs(
      (): SQL => sql`ts_filter(${directorySearch.document}, '{a}')`,
    ),
    cardDocument: tsvector("card_document").generatedAlwaysAs(
      (): SQL => sql`ts_filter(${directorySearch.document}, '{a,b}')`,
    ),
  },
  // Written only when an institution is approved, edited or leaves: without GIN's pending list
  // (fastupdate) every search reads the index proper, also on PGlite, which has no autovacuum.
  (t) => [
    index("directory_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: "off" }),
    index("directory_search_document_idx").using("gin", t.document).with({ fastupdate: "off" }),
    index("directory_search_name_document_idx")
      .using("gin", t.nameDocument)
      .with({ fastupdate: "off" }),
    index("directory_search_card_document_idx")
      .using("gin", t.cardDocument)
      .with({ fastupdate: "off" }),
    // Also "directory_search_walk_idx" (institution_id) INCLUDE (name_document, card_document,
    // search_text): written by hand in migration 0011, as Drizzle cannot declare INCLUDE.
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    /** The member who created it (issue 41); the institution's own account for older rows. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    resume: text("resume").notNull(),
    about: text("about").notNull(),
    coverImageId: uuid("cover_image_id").references(() => images.id, { onDelete: "set null" }),
    ...address,
    /** How people take part: in person, online, or both (HIBRIDO). */
    format: text("format").notNull().default("PRESENCIAL"),
    /**
     * Brasília wall-clock times on eventDate ('HH:MM'); both null for an all-day event (every
     * event made before times existed). An event ends on the day it starts.
     */
    startTime: time("start_time"),
    endTime: time("end_time"),
    /** Where an online or hybrid event happens; shown only to confirmed participants. */
    onlineLink: text("online_link"),
    /** Volunteer places; null = no limit. Past the limit, people join a waitlist. */
    places: integer("places"),
    /** The .ics SEQUENCE (RFC 5545): raised by every saved change, so calendars update. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Causes (0-3) and the skills it would like volunteers to bring (ADR 0045). */
    causes: causesColumn(),
    skills: skillsColumn(),
    status: text("status").notNull().default("PENDING"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    /** Why the last rejection was made, as the institution reads it. */
    reviewReason: text("review_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => searchable(sql`${events.name}`, sql`${events.resume}`, sql`${events.city}`),
    ),
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL =>
        searchDocument(
          [sql`${events.name}`, "A"],
          [sql`${events.resume} || ' ' || ${events.city}`, "B"],
          [sql`${events.about}`, "C"],
        ),
    ),
  },
  (t) => [
    index("events_status_date_idx").on(t.status, t.eventDate),
    index("events_institution_idx").on(t.institutionId, t.createdAt),
    index("events_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("events_search_document_idx").using("gin", t.searchDocument),
    // The events list's cause filter, approved rows only (ADR 0045).
    index("events_causes_idx").using("gin", t.causes).where(sql`${t.status} = 'APPROVED'`),
    // "Para você" ORs a shared cause, a wanted skill and the person's city (ADR 0047): with
    // these two besides the causes index, rare interests are read from indexes alone.
    index("events_skills_idx").using("gin", t.skills).where(sql`${t.status} = 'APPROVED'`),
    index("events_place_idx").on(t.state, t.city).where(sql`${t.status} = 'APPROVED'`),
    check("events_causes_check", slugList(t.causes, CAUSE_SLUGS, MAX_CAUSES)),
    check("events_skills_check", slugList(t.skills, SKILL_SLUGS, MAX_SKILLS)),
    check("events_status_check", inList(t.status, ["PENDING", "APPROVED", "REJECTED", "DELETED"])),
    check("events_format_check", inList(t.format, ["PRESENCIAL", "ONLINE", "HIBRIDO"])),
    check("events_state_check", sql`${t.state} ~ '^[A-Z]{2}$'`),
    check("events_name_length_check", sql`char_length(${t.name}) <= 50`),
    check("events_resume_length_check", sql`char_length(${t.resume}) <= 80`),
    check("events_about_length_check", sql`char_length(${t.about}) <= 1200`),
    check(
      "events_times_check",
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} is not null and ${t.endTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
    check("events_places_check", sql`${t.places} is null or ${t.places} between 1 and 10000`),
    check("events_online_link_length_check", sql`char_length(${t.onlineLink}) <= 500`),
  ],
);

/**
 * The people who run an institution (issue 41, ADR 0077). The institution's own account (the one
 * that signed up with the CNPJ; its user id is the institution's id) became its first
 * RESPONSAVEL by migration 0028. A RESPONSAVEL also edits the profile, manages the team and signs
 * documents; a COORDENADOR runs events, participants, hours, messages and certificates, all of
 * them or, when `limited`, only the events listed for them in `event_coordinators`.
 */
export const institutionMembers = pgTable(
  "institution_members",
  {
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    limited: boolean("limited").notNull().default(false),
    /** Who invited them (null for the institution's own account, or once the inviter is gone). */
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.institutionId, t.userId] }),
    // A person's institutions (the guard, the header's switcher).
    index("institution_members_user_idx").on(t.userId),
    check("institution_members_role_check", inList(t.role, ["RESPONSAVEL", "COORDENADOR"])),
    check(
      "institution_members_limited_check",
      sql`not (${t.limited} and ${t.role} = 'RESPONSAVEL')`,
    ),
  ],
);

/**
 * An invitation to join an institution's team: a single-use link (only the token's SHA-256 is
 * kept) for one e-mail address, that expires.
 */
export const institutionInvitations = pgTable(
  "institution_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    limited: boolean("limited").notNull().default(false),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    index("institution_invitations_institution_idx").on(t.institutionId, t.createdAt),
    check("institution_invitations_role_check", inList(t.role, ["RESPONSAVEL", "COORDENADOR"])),
  ],
);

/**
 * The events a limited coordinator runs: those they created (a row is written with the event)
 * and those a responsável or an unlimited coordinator assigned to them.
 */
export const eventCoordinators = pgTable(
  "event_coordinators",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assignedBy: uuid("assigned_by").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    index("event_coordinators_user_idx").on(t.userId),
  ],
);

/**
 * A person taking part in an event (issue 15). One row per person and event: cancelling and
 * joining again updates it, and `joinedAt` then moves to the end of the waitlist's queue.
 * CONFIRMED holds a place; WAITLISTED waits, oldest `joinedAt` first; CANCELLED left by
 * themselves; REMOVED taken off by the institution.
 */
export const participations = pgTable(
  "participations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The start the 24-hour reminder was sent for (ADR 0044): claimed by the job's UPDATE, so a
     * reminder leaves once; a new date or time differs from it and is reminded again.
     */
    remindedForStart: timestamp("reminded_for_start", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("participations_event_user_key").on(t.eventId, t.userId),
    index("participations_event_status_idx").on(t.eventId, t.status, t.joinedAt),
    index("participations_user_idx").on(t.userId, t.joinedAt),
    check(
      "participations_status_check",
      inList(t.status, ["CONFIRMED", "WAITLISTED", "CANCELLED", "REMOVED"]),
    ),
  ],
);

export const volunteerRequests = pgTable(
  "volunteer_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Any signed-in person may apply (docs/spec.md), so this points at users, not volunteers. */
    volunteerId: uuid("volunteer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    replyEmail: text("reply_email").notNull(),
    phone: text("phone").notNull(),
    summary: text("summary").notNull(),
    status: text("status").notNull().default("PENDING"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The member who accepted or declined it (issue 41); null for decisions made before teams. */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pending application per person and institution: a double submit creates nothing new.
    uniqueIndex("volunteer_requests_one_pending_key")
      .on(t.volunteerId, t.institutionId)
      .where(sql`${t.status} = 'PENDING'`),
    index("volunteer_requests_institution_idx").on(t.institutionId, t.createdAt),
    index("volunteer_requests_volunteer_idx").on(t.volunteerId, t.createdAt),
    check("volunteer_requests_status_check", inList(t.status, ["PENDING", "ACCEPTED", "DECLINED"])),
  ],
);

/**
 * Hours of volunteering (issue 16, ADR 0048): one row per person and event, or per person,
 * accepted application and month. Only CONFIRMED rows count, in totals and certificates; the
 * institution confirms (or marks ABSENT) after an event, and approves or declines the hours a
 * volunteer logged for an ongoing activity (PENDING until then). `minutes` keeps fractions of an
 * hour exact.
 */
export const volunteerHours = pgTable(
  "volunteer_hours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    volunteerId: uuid("volunteer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    /** EVENT: hours at one event; ONGOING: a month of an accepted application. */
    kind: text("kind").notNull(),
    eventId: uuid("event_id").references(() => events.id, { onDelete: "cascade" }),
    requestId: uuid("request_id").references(() => volunteerRequests.id, { onDelete: "cascade" }),
    /** The event's day, or the first day of the month the hours were given in. */
    workedOn: date("worked_on", { mode: "string" }).notNull(),
    minutes: integer("minutes").notNull(),
    /** What was done: the volunteer's words for ongoing hours, optional for an event. */
    description: text("description"),
    status: text("status").notNull(),
    /** Who wrote the row first: the volunteer logging ongoing hours, or the institution. */
    loggedBy: text("logged_by").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Why the institution declined logged hours, as the volunteer reads it. */
    declineReason: text("decline_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("volunteer_hours_event_key")
      .on(t.eventId, t.volunteerId)
      .where(sql`${t.eventId} is not null`),
    uniqueIndex("volunteer_hours_request_month_key")
      .on(t.requestId, t.workedOn)
      .where(sql`${t.requestId} is not null`),
    index("volunteer_hours_volunteer_idx").on(t.volunteerId, t.status, t.workedOn),
    index("volunteer_hours_institution_idx").on(t.institutionId, t.status, t.workedOn),
    check("volunteer_hours_kind_check", inList(t.kind, ["EVENT", "ONGOING"])),
    check(
      "volunteer_hours_source_check",
      sql`(${t.kind} = 'EVENT' and ${t.eventId} is not null and ${t.requestId} is null) or (${t.kind} = 'ONGOING' and ${t.requestId} is not null and ${t.eventId} is null)`,
    ),
    check(
      "volunteer_hours_status_check",
      inList(t.status, ["PENDING", "CONFIRMED", "DECLINED", "ABSENT"]),
    ),
    check("volunteer_hours_logged_by_check", inList(t.loggedBy, ["VOLUNTEER", "INSTITUTION"])),
    // An event lasts a day; a month of an ongoing activity at most 300 hours.
    check(
      "volunteer_hours_minutes_check",
      sql`${t.minutes} between 0 and case when ${t.kind} = 'EVENT' then 1440 else 18000 end`,
    ),
    check("volunteer_hours_description_length_check", sql`char_length(${t.description}) <= 500`),
    check(
      "volunteer_hours_decline_reason_length_check",
      sql`char_length(${t.declineReason}) <= 500`,
    ),
  ],
);

/**
 * Termos de adesão (Lei 9.608/1998 art. 2; issue 16, ADR 0049): one per accepted application or
 * confirmed place in an event (unique per source, so a retried decision makes one). The rendered
 * text is stored whole with its SHA-256: a document never changes after it is issued, and the
 * acceptance records exactly which text was accepted.
 */
export const agreements = pgTable(
  "agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    volunteerId: uuid("volunteer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    /** APPLICATION: an accepted application (ongoing activity); EVENT: a confirmed place. */
    kind: text("kind").notNull(),
    requestId: uuid("request_id").references(() => volunteerRequests.id, { onDelete: "cascade" }),
    participationId: uuid("participation_id").references(() => participations.id, {
      onDelete: "cascade",
    }),
    /** What the termo is about, for lists: the event's or the activity's name. */
    activity: text("activity").notNull(),
    templateVersion: text("template_version").notNull(),
    body: text("body").notNull(),
    bodySha256: text("body_sha256").notNull(),
    /** The volunteer was under 18 when it was issued: a guardian consents too. */
    guardianRequired: boolean("guardian_required").notNull().default(false),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedIp: text("accepted_ip"),
    acceptedUserAgent: text("accepted_user_agent"),
    guardianName: text("guardian_name"),
    guardianEmail: text("guardian_email"),
    guardianConsentedAt: timestamp("guardian_consented_at", { withTimezone: true }),
    guardianConsentIp: text("guardian_consent_ip"),
    /** The institution's representative when issued (null: none named, or issued before 0067). */
    representativeName: text("representative_name"),
    representativeRole: text("representative_role"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("agreements_request_key").on(t.requestId).where(sql`${t.requestId} is not null`),
    uniqueIndex("agreements_participation_key")
      .on(t.participationId)
      .where(sql`${t.participationId} is not null`),
    index("agreements_volunteer_idx").on(t.volunteerId, t.createdAt),
    index("agreements_institution_idx").on(t.institutionId, t.createdAt),
    check("agreements_kind_check", inList(t.kind, ["APPLICATION", "EVENT"])),
    check(
      "agreements_source_check",
      sql`(${t.kind} = 'APPLICATION' and ${t.requestId} is not null and ${t.participationId} is null) or (${t.kind} = 'EVENT' and ${t.participationId} is not null and ${t.requestId} is null)`,
    ),
    check("agreements_sha256_check", sql`${t.bodySha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * Links e-mailed to a minor's guardian (ADR 0050): the token's SHA-256 only (a copy of the table
 * opens nothing), one purpose each (the account, or one termo), valid for 30 days.
 */
export const guardianTokens = pgTable(
  "guardian_tokens",
  {
    digest: text("digest").primaryKey(),
    volunteerId: uuid("volunteer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    agreementId: uuid("agreement_id").references(() => agreements.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("guardian_tokens_volunteer_idx").on(t.volunteerId),
    index("guardian_tokens_expires_idx").on(t.expiresAt),
    check("guardian_tokens_purpose_check", inList(t.purpose, ["ACCOUNT", "AGREEMENT"])),
    check(
      "guardian_tokens_agreement_check",
      sql`(${t.purpose} = 'AGREEMENT') = (${t.agreementId} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------- side effects and history

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body").notNull(),
    kind: text("kind").notNull(),
    /** The same logical e-mail is queued once, however often its cause is retried. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** The account whose action caused it (ADR 0068), null for the platform's own mail. */
    senderId: uuid("sender_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
    // Housekeeping empties sent bodies after a while (ADR 0072): only rows still holding one.
    index("email_outbox_sent_body_idx").on(t.sentAt).where(sql`${t.text} <> ''`),
    // The budgets (ADR 0068) count recent rows per recipient and per sender.
    index("email_outbox_recipient_idx").on(sql`lower(${t.to})`, t.createdAt),
    index("email_outbox_sender_idx")
      .on(t.senderId, t.createdAt)
      .where(sql`${t.senderId} is not null`),
  ],
);

/**
 * What an address turned off (ADR 0068): kinds by name, or every kind that is not strictly
 * transactional. One row per lower-cased address, whether or not it belongs to an account.
 */
export const emailOptOuts = pgTable("email_opt_outs", {
  address: text("address").primaryKey(),
  kinds: text("kinds").array().notNull().default(sql`'{}'::text[]`),
  allOptional: boolean("all_optional").notNull().default(false),
  updatedAt: updatedAt(),
});

/** Single-use links that confirm an account's e-mail (ADR 0069): the SHA-256 of the token only. */
export const emailConfirmations = pgTable(
  "email_confirmations",
  {
    digest: text("digest").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link was sent to: a link for an address since changed confirms nothing. */
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_confirmations_user_idx").on(t.userId, t.createdAt)],
);

/**
 * An event's moves waiting to be told (ADR 0068): the first save that changes its date, time or
 * place within a window writes the values before it; later saves leave them; when the window
 * closes the participants get one notice with the net change (none when it came back).
 */
export const eventChangeNotices = pgTable("event_change_notices", {
  eventId: uuid("event_id")
    .primaryKey()
    .references(() => events.id, { onDelete: "cascade" }),
  before: jsonb("before").$type<Record<string, string>>().notNull(),
  institutionId: uuid("institution_id").references(() => users.id, { onDelete: "set null" }),
  dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    details: jsonb("details").$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    // The audit section's filters: by who acted and by action, newest first.
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
    // One record's history, newest first: who decided it already (app/admin/decided-already).
    index("audit_log_target_at_idx").on(t.targetId, t.at),
  ],
);

/**
 * Settings the admins change from the panel, one row per key (app/admin/settings.server.ts
 * knows the keys, their types and defaults).
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** Fixed-window counters for rate limits, shared by every app instance on the database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStartedAt)],
);

/**
 * A sign-up in progress, between wizard steps. The browser holds only a random token in an
 * HttpOnly cookie (this row's id is its SHA-256); the password is kept here already hashed, so no
 * password ever stays in the browser, and going back keeps what was typed.
 */
export const signupDrafts = pgTable(
  "signup_drafts",
  {
    id: text("id").primaryKey(),
    step: integer("step").notNull().default(1),
    profileType: text("profile_type").notNull().default("VOLUNTEER"),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    passwordHash: text("password_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("signup_drafts_expires_idx").on(t.expiresAt),
    check("signup_drafts_profile_type_check", inList(t.profileType, ["VOLUNTEER", "INSTITUTION"])),
  ],
);

/**
 * Certificates of volunteer work (issue 16, ADR 0052). Everything a certificate shows is copied
 * here when it is issued (the snapshot columns and `hours`): a certificate a university already
 * holds must not change when a name, an event or an hour row changes later. `code` is what a
 * person types to verify it (12 Crockford base32 characters, stored without dashes). The
 * holder's name lives in `certificate_holders`, which goes with the holder's account: whoever
 * deletes it (the person, an admin), the certificate stays, valid, without the name. When the
 * institution goes, its name and CNPJ stay on the record.
 */
export const certificates = pgTable(
  "certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    volunteerId: uuid("volunteer_id").references(() => users.id, { onDelete: "set null" }),
    institutionId: uuid("institution_id").references(() => institutions.userId, {
      onDelete: "set null",
    }),
    /** EVENT: one event; ONGOING: one accepted application; PERIOD: all hours with the institution. */
    scope: text("scope").notNull(),
    /** What was asked for and which hour rows it covered: the same request returns this row. */
    requestKey: text("request_key").notNull(),
    institutionName: text("institution_name").notNull(),
    institutionCnpj: text("institution_cnpj").notNull(),
    /** "São Paulo/SP": where the certificate says it was issued. */
    issuedPlace: text("issued_place").notNull(),
    activity: text("activity").notNull(),
    /** Who signs for the institution, as its profile named them when issued (ADR 0067). */
    representativeName: text("representative_name"),
    representativeRole: text("representative_role"),
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }).notNull(),
    totalMinutes: integer("total_minutes").notNull(),
    hours: jsonb("hours").$type<CertificateHourRow[]>().notNull(),
    /**
     * The `volunteer_hours` rows it covers (ADR 0070): once it is revoked, they enter no
     * certificate the volunteer issues until the institution corrects or certifies them again.
     */
    hourIds: uuid("hour_ids").array().notNull().default(sql`'{}'::uuid[]`),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issuedBy: uuid("issued_by").references(() => users.id, { onDelete: "set null" }),
    /** VOLUNTEER (self-serve) or INSTITUTION. */
    issuedByRole: text("issued_by_role").notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokeReason: text("revoke_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("certificates_valid_request_key")
      .on(t.requestKey)
      .where(sql`${t.revokedAt} is null`),
    index("certificates_volunteer_idx").on(t.volunteerId, t.issuedAt),
    index("certificates_institution_idx").on(t.institutionId, t.issuedAt),
    check("certificates_scope_check", inList(t.scope, ["EVENT", "ONGOING", "PERIOD"])),
    check(
      "certificates_issued_by_role_check",
      inList(t.issuedByRole, ["VOLUNTEER", "INSTITUTION"]),
    ),
    check("certificates_code_check", sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`),
    check("certificates_minutes_check", sql`${t.totalMinutes} > 0`),
    check("certificates_period_check", sql`${t.periodFrom} <= ${t.periodTo}`),
    check("certificates_revoke_reason_length_check", sql`char_length(${t.revokeReason}) <= 500`),
  ],
);

/**
 * The name printed on a certificate, as it was when issued. Removed with the holder's account
 * by the foreign key, by any path that deletes the account (ADR 0052).
 */
export const certificateHolders = pgTable("certificate_holders", {
  certificateId: uuid("certificate_id")
    .primaryKey()
    .references(() => certificates.id, { onDelete: "cascade" }),
  volunteerId: uuid("volunteer_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
});

/**
 * The PDF of a document that no longer changes (ADR 0071), rendered once and kept: a termo
 * accepted (and consented to, for a minor), a certificate as issued or as revoked. `variant`
 * names what the bytes were rendered from (the document's state and the site's address); a
 * download whose variant differs renders again and replaces them. A certificate's PDF belongs to
 * its holder's name row, so deleting the account deletes the copy that prints the name.
 */
export const documentPdfs = pgTable(
  "document_pdfs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    agreementId: uuid("agreement_id").references(() => agreements.id, { onDelete: "cascade" }),
    certificateId: uuid("certificate_id").references(() => certificateHolders.certificateId, {
      onDelete: "cascade",
    }),
    variant: text("variant").notNull(),
    pdf: bytea("pdf").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("document_pdfs_agreement_key")
      .on(t.agreementId)
      .where(sql`${t.agreementId} is not null`),
    uniqueIndex("document_pdfs_certificate_key")
      .on(t.certificateId)
      .where(sql`${t.certificateId} is not null`),
    check(
      "document_pdfs_one_document_check",
      sql`(${t.agreementId} is null) <> (${t.certificateId} is null)`,
    ),
  ],
);

/** One hour row a certificate covers, as it was when issued. */
export interface CertificateHourRow {
  workedOn: string;
  kind: "EVENT" | "ONGOING";
  activity: string;
  minutes: number;
}

/**
 * A person's sessions and sign-in accounts, for better-auth's joined lookups
 * (`advanced.database.joins`): a signed-in request reads its session and user in one query
 * instead of two, and a sign-in reads the user with its password account in one.
 */
export const userRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));

export const sessionRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

// ---------------------------------------------------------------- backups

/**
 * The server's scheduled backups (docs/decisions/0076), for the admin panel and for the
 * instances sharing one database to agree on who takes the next: a run is claimed with a
 * "running" row, and finished with its file, size and result.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    status: text("status").notNull().default("running"),
    fileName: text("file_name"),
    bytes: bigint("bytes", { mode: "number" }),
    error: text("error"),
  },
  (t) => [
    index("backup_runs_started_idx").on(t.startedAt),
    check("backup_runs_status_check", inList(t.status, ["running", "succeeded", "failed"])),
  ],
);
