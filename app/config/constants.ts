/** Business constants of docs/spec.md section 9, shared by browser and server code. */

export const PROFILE = {
  VOLUNTEER: "VOLUNTEER",
  INSTITUTION: "INSTITUTION",
  ADMIN: "ADMIN",
} as const;
export type Profile = (typeof PROFILE)[keyof typeof PROFILE];

export const ROLE = { USER: "USER", ADMIN: "ADMIN" } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

export const INSTITUTION_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type InstitutionStatus = (typeof INSTITUTION_STATUSES)[number];

export const EVENT_STATUSES = ["PENDING", "APPROVED", "REJECTED", "DELETED"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const VOLUNTEER_REQUEST_STATUSES = ["PENDING", "ACCEPTED", "DECLINED"] as const;
export type VolunteerRequestStatus = (typeof VOLUNTEER_REQUEST_STATUSES)[number];

/** Stored value by the label the person picks ("Ambos" maps to ALL). */
export const VOLUNTEERING_TYPES = {
  Presencial: "PRESENCIAL",
  Online: "ONLINE",
  Ambos: "ALL",
} as const;
export type VolunteeringTypeLabel = keyof typeof VOLUNTEERING_TYPES;
export const VOLUNTEERING_TYPE_LABELS = Object.keys(VOLUNTEERING_TYPES) as VolunteeringTypeLabel[];
export type VolunteeringType = (typeof VOLUNTEERING_TYPES)[VolunteeringTypeLabel];

export const SESSION_LIFETIME_SECONDS = 60 * 60;
/** Every five minutes of activity pushes a session's expiry a whole lifetime ahead again. */
export const SESSION_REFRESH_AGE_SECONDS = 5 * 60;

export const PASSWORD_MIN_LENGTH = 8;
/** docs/design.md 7.3: one password rule everywhere, 8 to 64 characters. */
export const PASSWORD_MAX_LENGTH = 64;

export const MAX_LENGTH = {
  name: 50,
  institutionName: 50,
  responsible: 50,
  email: 50,
  password: 50,
  search: 50,
  volunteerSummary: 1200,
  institutionSummary: 80,
  institutionAbout: 1200,
  eventName: 50,
  eventResume: 80,
  eventAbout: 1200,
  // Address fields (not in the spec; the app's own limits, shared by sign-up and events).
  street: 100,
  number: 10,
  neighborhood: 60,
  complement: 60,
  // Issue 15: an online event's link.
  onlineLink: 500,
  // Issue 39 (ADR 0067): the role of who signs for an institution ("Presidente", "Diretora executiva").
  representativeRole: 50,
} as const;

export const MIN_LENGTH = { name: 3, summary: 10, about: 10 } as const;

export const PUBLIC_PAGE_SIZE = 20;
/**
 * A public list counts its rows up to this many and then says "Mais de 1.000": counting every
 * match of a common word among 100 000 costs as much as the page itself (ADR 0028).
 */
export const LIST_COUNT_CAP = 1000;
/** The next page of an infinite list loads when the reader is this close to the bottom. */
export const INFINITE_SCROLL_THRESHOLD_PX = 300;
export const LANDING_INSTITUTIONS = 3;
export const ADMIN_PAGE_SIZE = 10;
export const ADMIN_PAGE_WINDOW = 4;

export const RESEND_EMAIL_COOLDOWN_SECONDS = 60;

export const SIGNUP_PROGRESS_STEP_PERCENT = 25;
export const SIGNUP_PROGRESS_STEP_MS = 1500;
export const SIGNUP_REDIRECT_DELAY_MS = 2000;

export const REVIEW_DAYS = 3;

export const TOAST_DURATION_MS = 5000;

/** A camera photo as a phone takes it (4 000 x 3 000, 8 to 12 MB), posted without JavaScript. */
export const IMAGE_MAX_UPLOAD_MB = 15;
export const IMAGE_MAX_UPLOAD_BYTES = IMAGE_MAX_UPLOAD_MB * 1024 * 1024;
export const PROFILE_IMAGE_MAX_PX = 800;
export const COVER_MIN_WIDTH_PX = 851;
export const COVER_MIN_HEIGHT_PX = 315;

export const DATE_FORMAT_LOCALE = "pt-BR";
/** Days as people in Brazil see them (an event of "today" is upcoming until midnight there). */
export const BRAZIL_TIME_ZONE = "America/Sao_Paulo";

export const LEGAL_TEXTS_UPDATED_AT = "2026-11-29";
