import type { VolunteeringType } from "~/config/constants";
import type { CauseKey } from "../content/causes.server";
import type { StreetAddress } from "../content/places.server";

/**
 * The demo data as plain values, decided before anything is written: planning is pure and
 * seeded, writing (demo/write-demo.server.ts) only renders images and inserts rows.
 */
export type ReviewStatus = "PENDING" | "APPROVED" | "REJECTED";

export interface PlannedInstitution {
  userId: string;
  email: string;
  phone: string;
  name: string;
  cause: CauseKey;
  status: ReviewStatus;
  cnpj: string;
  responsible: string;
  /** Who signs termos and certificates for it, and their role (ADR 0067). */
  representativeName: string;
  representativeRole: string;
  contactEmail: string;
  summary: string;
  about: string;
  volunteeringType: VolunteeringType;
  permitDivulgation: boolean;
  address: StreetAddress;
  createdAt: Date;
  reviewedAt: Date | null;
  initials: string;
  palette: number;
  coverVariant: number;
}

export interface PlannedEvent {
  institution: PlannedInstitution;
  name: string;
  resume: string;
  about: string;
  eventDate: string;
  format: "PRESENCIAL" | "ONLINE" | "HIBRIDO";
  status: ReviewStatus | "DELETED";
  address: StreetAddress;
  createdAt: Date;
  reviewedAt: Date | null;
  schedule: EventSchedule;
}

/** An event's hours (Brasília, both or neither), volunteer places (null: no limit) and link. */
export interface EventSchedule {
  startTime: string | null;
  endTime: string | null;
  places: number | null;
  onlineLink: string | null;
}

export interface PlannedVolunteer {
  userId: string;
  email: string;
  phone: string;
  name: string;
  firstName: string;
  summary: string;
  state: string;
  city: string;
  /** Index into the avatar palettes, or null for a volunteer without a photo. */
  photoPalette: number | null;
  createdAt: Date;
}

export interface PlannedRequest {
  volunteer: PlannedVolunteer;
  institution: PlannedInstitution;
  summary: string;
  status: "PENDING" | "ACCEPTED" | "DECLINED";
  createdAt: Date;
  decidedAt: Date | null;
}

export interface DemoPlan {
  institutions: PlannedInstitution[];
  events: PlannedEvent[];
  volunteers: PlannedVolunteer[];
  requests: PlannedRequest[];
}

const DAY_MS = 86_400_000;

export function daysAfter(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** The calendar date (YYYY-MM-DD, UTC) `days` after `date`. */
export function isoDateAfter(date: Date, days: number): string {
  return daysAfter(date, days).toISOString().slice(0, 10);
}

/** Days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / DAY_MS;
}

export function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
