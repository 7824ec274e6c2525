import { type SQL, sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    emailVerified: boolean("email_verified").notNull().default(false),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
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
    check("institutions_status_check", inList(t.status, ["PENDING", "APPROVED", "REJECTED"])),
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
  },
  // Written only when an institution is approved, edited or leaves: without GIN's pending list
  // (fastupdate) every search reads the index proper, also on PGlite, which has no autovacuum.
  (t) => [
    index("directory_search_trgm_idx")
      .using("gin", sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: "off" }),
    index("directory_search_document_idx").using("gin", t.document).with({ fastupdate: "off" }),
  ],
);

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    institutionId: uuid("institution_id")
      .notNull()
      .references(() => institutions.userId, { onDelete: "cascade" }),
    name: text("name").notNull(),
    eventDate: date("event_date", { mode: "string" }).notNull(),
    resume: text("resume").notNull(),
    about: text("about").notNull(),
    coverImageId: uuid("cover_image_id").references(() => images.id, { onDelete: "set null" }),
    ...address,
    /** How people take part: in person, online, or both (HIBRIDO). */
    format: text("format").notNull().default("PRESENCIAL"),
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
    check("events_status_check", inList(t.status, ["PENDING", "APPROVED", "REJECTED", "DELETED"])),
    check("events_format_check", inList(t.format, ["PRESENCIAL", "ONLINE", "HIBRIDO"])),
    check("events_state_check", sql`${t.state} ~ '^[A-Z]{2}$'`),
    check("events_name_length_check", sql`char_length(${t.name}) <= 50`),
    check("events_resume_length_check", sql`char_length(${t.resume}) <= 80`),
    check("events_about_length_check", sql`char_length(${t.about}) <= 1200`),
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
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

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
