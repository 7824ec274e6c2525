import { and, asc, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { getSetting } from "~/admin/settings.server";
import type { CauseSlug, SkillSlug } from "~/config/causes";
import type { EventStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { events, institutions } from "~/db/schema";
import { isoToBrDate } from "~/forms/masks";
import { imageUrl } from "~/images/images.server";
import { discardImages, type PreparedImage, storeImage } from "~/images/stored-images.server";
import { AppError } from "~/lib/app-error";
import type { FieldChange } from "~/lib/field-changes";
import { isUuid } from "~/lib/uuid";
import { runnableEvents } from "~/teams/event-access.server";
import type { ActingMember } from "~/teams/team-roles";
import { eventChanges } from "./event-changes";
import { todayInBrazil } from "./event-dates";
import { EVENT_MESSAGES } from "./event-form-schema";
import type { EventFormat } from "./event-format";
import { scheduleMoveNotice } from "./event-notices.server";
import { storedValues } from "./event-values.server";

/**
 * An institution's own events: list, create, edit, cancel. The institution's id is in every
 * WHERE, so another institution's event id behaves exactly like an id that does not exist.
 */

/** Only an APPROVED institution manages events and applications (docs/spec.md). */
export const NOT_APPROVED = "Apenas instituições aprovadas podem fazer isso.";

/**
 * Waiting for review or refused: the institution may still change it (it goes back to review).
 * Published: it may be corrected or rescheduled too (issue 14), while its day has not passed:
 * a past event is history, and the date rule (not before today) would only force a new date.
 */
const EDITABLE: EventStatus[] = ["PENDING", "REJECTED", "APPROVED"];

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
  /** The member looking: a coordinator limited to some events sees only those (issue 41). */
  member?: ActingMember,
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
    .where(
      and(eq(events.institutionId, institutionId), member ? runnableEvents(member) : undefined),
    )
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
    editable: isEditable(status as EventStatus, eventDate),
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
  /** 'HH:MM' in Brasília, both or neither (a whole-day event). */
  startTime?: string | null;
  endTime?: string | null;
  /** Volunteer places; null: no limit. */
  places?: number | null;
  /** Only for an online or hybrid event. */
  onlineLink?: string | null;
  /** ADR 0045: none when not given. */
  causes?: CauseSlug[];
  skills?: SkillSlug[];
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
  startTime: input.startTime ?? null,
  endTime: input.endTime ?? null,
  places: input.places ?? null,
  onlineLink: (input.format ?? "PRESENCIAL") === "PRESENCIAL" ? null : (input.onlineLink ?? null),
  causes: input.causes ?? [],
  skills: input.skills ?? [],
});

/** A new event, PENDING until an admin approves it; only an APPROVED institution may create one. */
export async function createEvent(
  institutionId: string,
  input: EventInput,
  /** The member creating it (issue 41); the institution's own account when left out. */
  actor: Pick<ActingMember, "userId"> = { userId: institutionId },
): Promise<string> {
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
      .values({
        institutionId,
        createdBy: actor.userId,
        ...columnsOf(input),
        coverImageId: cover.id,
        status: "PENDING",
      })
      .returning({ id: events.id });
    if (!row) throw new Error("event insert returned nothing");
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "event.create",
      targetType: "event",
      targetId: row.id,
      details: { name: input.name, status: "PENDING", eventDate: input.eventDate },
    });
    return row.id;
  });
}

export interface EditableEvent {
  id: string;
  status: EventStatus;
  /** yyyy-MM-dd */
  eventDate: string;
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
    eventDate: row.eventDate,
    coverUrl: row.coverImageId ? imageUrl(row.coverImageId) : null,
    // The form's values are the stored ones, the date as the form writes it.
    values: { ...storedValues(row), eventDate: isoToBrDate(row.eventDate) },
  };
}

/** Whether the institution may still change the event (see EDITABLE); `today` in Brasília. */
export function isEditable(
  status: EventStatus,
  eventDate: string,
  today: string = todayInBrazil(),
): boolean {
  if (!EDITABLE.includes(status)) return false;
  return status !== "APPROVED" || eventDate >= today;
}

/** What a save did, for the page's message. */
export interface EventUpdateOutcome {
  changes: FieldChange[];
  /** The event is (back) in review: PENDING, off the public site until approved. */
  inReview: boolean;
}

/**
 * Saves the institution's changes to one of its events, audited "event.update" with the list of
 * changes (nothing changed: no entry), or "event.resubmit" for a refused one (always: it goes
 * back to review). A PENDING or REJECTED event goes (back) to review. An
 * APPROVED one stays published with the change, unless the admins chose (setting
 * eventChangesNeedReview) that a new date or place goes back to review first; texts and cover
 * always apply at once. A new cover replaces the old one, whose image row is deleted.
 */
export async function updateEvent(
  institutionId: string,
  eventId: string,
  input: EventInput,
  actorId = institutionId,
): Promise<EventUpdateOutcome> {
  if (!isUuid(eventId)) throw new AppError("not-found", EVENT_MESSAGES.notFound);
  const movesNeedReview = await getSetting("eventChangesNeedReview");
  return db().transaction(async (tx) => {
    const mine = and(eq(events.id, eventId), eq(events.institutionId, institutionId));
    const [current] = await tx.select().from(events).where(mine).for("update");
    if (!current) throw new AppError("not-found", EVENT_MESSAGES.notFound);
    const status = current.status as EventStatus;
    if (!isEditable(status, current.eventDate))
      throw new AppError("conflict", EVENT_MESSAGES.notEditable);
    const cover = await storeImage(
      tx,
      institutionId,
      input.cover,
      current.coverImageId,
      "landingImage",
    );
    const columns = columnsOf(input);
    const { changes, dateOrPlaceChanged } = eventChanges(
      storedValues(current),
      storedValues({ ...current, ...columns }),
      cover.id !== current.coverImageId,
    );
    const inReview = status !== "APPROVED" || (movesNeedReview && dateOrPlaceChanged);
    // Every saved change raises the .ics SEQUENCE, so calendars replace their copy.
    const calendarSequence = current.calendarSequence + (changes.length > 0 ? 1 : 0);
    await tx
      .update(events)
      .set({
        ...columns,
        coverImageId: cover.id,
        calendarSequence,
        ...(inReview ? { status: "PENDING", reviewedAt: null, reviewedBy: null } : {}),
      })
      .where(mine);
    if (dateOrPlaceChanged) {
      // Told once the window closes, with the net change (ADR 0068), never per save.
      await scheduleMoveNotice(tx, { eventId, institutionId, before: storedValues(current) });
    }
    await discardImages(tx, [cover.replaced]);
    // A refused event saved again goes back to review even unchanged: asking for a second look
    // is the point, so it is always in the trail; any other save only when something changed.
    const resubmitted = status === "REJECTED";
    if (resubmitted || changes.length > 0) {
      await recordAudit(tx, {
        actorId,
        action: resubmitted ? "event.resubmit" : "event.update",
        targetType: "event",
        targetId: eventId,
        details: { name: current.name, status: inReview ? "PENDING" : status, changes },
      });
    }
    return { changes, inReview };
  });
}

/**
 * Cancels one of the institution's events (DELETED: it leaves the public site at once), audited
 * "event.cancel" with the status it had. Doing it twice is harmless (one entry); another
 * institution's event is "not found".
 */
export async function cancelEvent(
  institutionId: string,
  eventId: string,
  actorId = institutionId,
): Promise<"cancelled" | "unchanged"> {
  if (!isUuid(eventId)) throw new AppError("not-found", EVENT_MESSAGES.notFound);
  const mine = and(eq(events.id, eventId), eq(events.institutionId, institutionId));
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ name: events.name, status: events.status })
      .from(events)
      .where(mine)
      .for("update");
    if (!current) throw new AppError("not-found", EVENT_MESSAGES.notFound);
    if (current.status === "DELETED") return "unchanged";
    await tx.update(events).set({ status: "DELETED" }).where(mine);
    await recordAudit(tx, {
      actorId,
      action: "event.cancel",
      targetType: "event",
      targetId: eventId,
      details: { name: current.name, status: "DELETED", previous: current.status },
    });
    return "cancelled";
  });
}
