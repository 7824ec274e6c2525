import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { EventStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, institutions } from "~/db/schema";
import { isoToBrDate } from "~/forms/masks";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { EVENT_MESSAGES } from "./event-form-schema";
import type { EventFormat } from "./event-format";

/**
 * An institution's own events: list, create, edit, cancel. The institution's id is in every
 * WHERE, so another institution's event id behaves exactly like an id that does not exist.
 */

/** Only an APPROVED institution manages events and applications (docs/spec.md). */
export const NOT_APPROVED = "Apenas instituições aprovadas podem fazer isso.";

/** Waiting for review or refused: the institution may still change it (it goes back to review). */
const EDITABLE: EventStatus[] = ["PENDING", "REJECTED"];

export interface InstitutionEventItem {
  id: string;
  name: string;
  /** dd/MM/yyyy */
  date: string;
  city: string;
  state: string;
  status: EventStatus;
  coverUrl: string | null;
  editable: boolean;
  cancellable: boolean;
}

/** "Meus eventos": every event of the institution, cancelled ones last. */
export async function listInstitutionEvents(
  institutionId: string,
): Promise<InstitutionEventItem[]> {
  const rows = await db()
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      city: events.city,
      state: events.state,
      status: events.status,
      cover: events.coverImageId,
    })
    .from(events)
    .where(eq(events.institutionId, institutionId))
    .orderBy(
      asc(sql`${events.status} = 'DELETED'`),
      desc(events.eventDate),
      desc(events.createdAt),
    );
  return rows.map(({ eventDate, cover, status, ...row }) => ({
    ...row,
    date: isoToBrDate(eventDate),
    status: status as EventStatus,
    coverUrl: cover ? imageUrl(cover) : null,
    editable: EDITABLE.includes(status as EventStatus),
    cancellable: status !== "DELETED",
  }));
}

export interface EventInput {
  name: string;
  /** yyyy-MM-dd */
  eventDate: string;
  resume: string;
  about: string;
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  /** Empty when the place has none (a square, a park). */
  complete?: string;
  /** In person when not given. */
  format?: EventFormat;
  cover: PreparedImage;
}

const columnsOf = (input: EventInput) => ({
  name: input.name,
  eventDate: input.eventDate,
  resume: input.resume,
  about: input.about,
  state: input.uf,
  city: input.city,
  street: input.street,
  number: input.number,
  neighborhood: input.neighborhood,
  complement: input.complete || null,
  format: input.format ?? "PRESENCIAL",
});

/** A new event, PENDING until an admin approves it; only an APPROVED institution may create one. */
export async function createEvent(institutionId: string, input: EventInput): Promise<string> {
  return db().transaction(async (tx) => {
    const [institution] = await tx
      .select({ status: institutions.status })
      .from(institutions)
      .where(eq(institutions.userId, institutionId))
      .for("share");
    if (institution?.status !== "APPROVED") throw new AppError("forbidden", NOT_APPROVED);
    const cover = await storeImage(tx, institutionId, input.cover, null, "landingImage");
    const [row] = await tx
      .insert(events)
      .values({ institutionId, ...columnsOf(input), coverImageId: cover.id, status: "PENDING" })
      .returning({ id: events.id });
    if (!row) throw new Error("event insert returned nothing");
    return row.id;
  });
}

export interface EditableEvent {
  id: string;
  status: EventStatus;
  coverUrl: string | null;
  values: Record<string, string>;
}

/** One of the institution's events with the form's values, or null when it is not theirs. */
export async function findInstitutionEvent(
  institutionId: string,
  eventId: string,
): Promise<EditableEvent | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await db()
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.institutionId, institutionId)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    status: row.status as EventStatus,
    coverUrl: row.coverImageId ? imageUrl(row.coverImageId) : null,
    values: {
      name: row.name,
      eventDate: isoToBrDate(row.eventDate),
      resume: row.resume,
      about: row.about,
      uf: row.state,
      city: row.city,
      street: row.street,
      number: row.number,
      neighborhood: row.neighborhood,
      complete: row.complement ?? "",
      format: row.format,
    },
  };
}

export function isEditable(status: EventStatus): boolean {
  return EDITABLE.includes(status);
}

/**
 * Saves the institution's changes to a PENDING or REJECTED event and sends it back to review
 * (PENDING). A new cover replaces the old one, whose image row is deleted.
 */
export async function updateEvent(
  institutionId: string,
  eventId: string,
  input: EventInput,
): Promise<void> {
  if (!isUuid(eventId)) throw new AppError("not-found", EVENT_MESSAGES.notFound);
  await db().transaction(async (tx) => {
    const mine = and(eq(events.id, eventId), eq(events.institutionId, institutionId));
    const [current] = await tx
      .select({ status: events.status, cover: events.coverImageId })
      .from(events)
      .where(mine)
      .for("update");
    if (!current) throw new AppError("not-found", EVENT_MESSAGES.notFound);
    if (!isEditable(current.status as EventStatus))
      throw new AppError("conflict", EVENT_MESSAGES.notEditable);
    const cover = await storeImage(tx, institutionId, input.cover, current.cover, "landingImage");
    await tx
      .update(events)
      .set({
        ...columnsOf(input),
        coverImageId: cover.id,
        status: "PENDING",
        reviewedAt: null,
        reviewedBy: null,
      })
      .where(and(mine, inArray(events.status, EDITABLE)));
    await discardImages(tx, [cover.replaced]);
  });
}

/**
 * Cancels one of the institution's events (DELETED: it leaves the public site at once). Doing
 * it twice is harmless; another institution's event is "not found".
 */
export async function cancelEvent(
  institutionId: string,
  eventId: string,
): Promise<"cancelled" | "unchanged"> {
  if (!isUuid(eventId)) throw new AppError("not-found", EVENT_MESSAGES.notFound);
  const mine = and(eq(events.id, eventId), eq(events.institutionId, institutionId));
  const changed = await db()
    .update(events)
    .set({ status: "DELETED" })
    .where(and(mine, ne(events.status, "DELETED")))
    .returning({ id: events.id });
  if (changed.length > 0) return "cancelled";
  const [existing] = await db().select({ id: events.id }).from(events).where(mine);
  if (!existing) throw new AppError("not-found", EVENT_MESSAGES.notFound);
  return "unchanged";
}
