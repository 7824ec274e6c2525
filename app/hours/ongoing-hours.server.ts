import { and, asc, count, eq, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { db, type Transaction } from "~/db/client.server";
import { institutions, users, volunteerHours, volunteerRequests } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { todayInBrazil } from "~/events/event-dates";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { ongoingActivity } from "./confirmed-hours.server";
import { hoursConfirmedEmail, hoursDeclinedEmail } from "./hours-emails.server";
import { formatMinutes, formatMonth } from "./hours-format";
import { HOURS_MESSAGES } from "./hours-limits";
import { monthStart } from "./hours-schema";

/**
 * Hours of ongoing activities (issue 16, item 3; ADR 0051): per accepted application
 * (volunteer_requests ACCEPTED) and month, one row (the unique index). The volunteer logs a
 * month (PENDING; logging it again while PENDING updates it); the institution approves or
 * declines it, or confirms a month directly. Once decided, only the institution changes it.
 */

interface Month {
  requestId: string;
  /** "2026-11" */
  month: string;
  minutes: number;
  description: string;
}

/** A month in the future (Brasília) is refused: hours are given before they are counted. */
function refuseFuture(month: string, now: Date): void {
  if (month > todayInBrazil(now).slice(0, 7)) {
    throw new AppError("invalid", HOURS_MESSAGES.monthFuture, { field: "month" });
  }
}

/** The accepted application, with both parties, or "not found" for anyone else's. */
async function acceptedRequest(
  tx: Transaction,
  requestId: string,
  party: { volunteerId: string } | { institutionId: string },
) {
  const notFound = new AppError("not-found", HOURS_MESSAGES.applicationNotFound, {
    field: "requestId",
  });
  if (!isUuid(requestId)) throw notFound;
  const [request] = await tx
    .select({
      id: volunteerRequests.id,
      volunteerId: volunteerRequests.volunteerId,
      institutionId: volunteerRequests.institutionId,
      institutionName: institutions.name,
      name: users.name,
      email: users.email,
    })
    .from(volunteerRequests)
    .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
    .innerJoin(users, eq(users.id, volunteerRequests.volunteerId))
    .where(
      and(
        eq(volunteerRequests.id, requestId),
        eq(volunteerRequests.status, "ACCEPTED"),
        "volunteerId" in party
          ? eq(volunteerRequests.volunteerId, party.volunteerId)
          : eq(volunteerRequests.institutionId, party.institutionId),
      ),
    );
  if (!request) throw notFound;
  return request;
}

/**
 * The volunteer logs a month: a new PENDING row, or the PENDING row of that month updated.
 * A month the institution already decided is refused (conflict).
 */
export async function logOngoingHours(
  input: Month & { volunteerId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  refuseFuture(input.month, now);
  await db().transaction(async (tx) => {
    const request = await acceptedRequest(tx, input.requestId, { volunteerId: input.volunteerId });
    const saved = await tx
      .insert(volunteerHours)
      .values({
        volunteerId: input.volunteerId,
        institutionId: request.institutionId,
        kind: "ONGOING",
        requestId: request.id,
        workedOn: monthStart(input.month),
        minutes: input.minutes,
        description: input.description,
        status: "PENDING",
        loggedBy: "VOLUNTEER",
      })
      .onConflictDoUpdate({
        target: [volunteerHours.requestId, volunteerHours.workedOn],
        targetWhere: sql`${volunteerHours.requestId} is not null`,
        set: { minutes: input.minutes, description: input.description, updatedAt: now },
        setWhere: sql`${volunteerHours.status} = 'PENDING'`,
      })
      .returning({ id: volunteerHours.id });
    if (saved.length === 0) {
      throw new AppError("conflict", HOURS_MESSAGES.alreadyDecided, { field: "month" });
    }
  });
}

/** The institution confirms a month of an accepted application itself (CONFIRMED at once). */
export async function confirmMonth(
  input: Month & { institutionId: string; journeyUrl: string; now?: Date },
): Promise<{ name: string }> {
  const now = input.now ?? new Date();
  refuseFuture(input.month, now);
  return db().transaction(async (tx) => {
    const request = await acceptedRequest(tx, input.requestId, {
      institutionId: input.institutionId,
    });
    const decided = {
      minutes: input.minutes,
      description: input.description,
      status: "CONFIRMED",
      decidedAt: now,
      decidedBy: input.institutionId,
      declineReason: null,
    };
    const [row] = await tx
      .insert(volunteerHours)
      .values({
        ...decided,
        volunteerId: request.volunteerId,
        institutionId: input.institutionId,
        kind: "ONGOING",
        requestId: request.id,
        workedOn: monthStart(input.month),
        loggedBy: "INSTITUTION",
      })
      .onConflictDoUpdate({
        target: [volunteerHours.requestId, volunteerHours.workedOn],
        targetWhere: sql`${volunteerHours.requestId} is not null`,
        set: { ...decided, updatedAt: now },
      })
      .returning({ id: volunteerHours.id });
    await recordAudit(tx, {
      actorId: input.institutionId,
      action: "hours.month-confirm",
      targetType: "user",
      targetId: request.volunteerId,
      details: { hoursId: row?.id, month: input.month, minutes: input.minutes },
    });
    await enqueueEmail(tx, {
      to: request.email,
      kind: "hours-confirmed",
      sender: input.institutionId,
      dedupeKey: `hours-confirmed:${row?.id}:${input.minutes}`,
      ...hoursConfirmedEmail({
        name: request.name,
        institutionName: request.institutionName,
        activity: ongoingActivity(input.description),
        when: formatMonth(input.month),
        hours: formatMinutes(input.minutes),
        url: input.journeyUrl,
      }),
    });
    return { name: request.name };
  });
}

export interface PendingHours {
  id: string;
  name: string;
  /** "novembro de 2026" */
  month: string;
  minutes: number;
  description: string;
}

/** How many logged months one page lists; the oldest come first, so none waits forever. */
export const PENDING_PAGE = 100;

/**
 * Hours volunteers logged for the institution, waiting for a decision, oldest month first.
 * Read through the (institution_id, status, worked_on) index.
 */
export async function listPendingHours(institutionId: string): Promise<PendingHours[]> {
  const rows = await pendingHoursQuery(institutionId);
  return rows.map(({ workedOn, description, ...row }) => ({
    ...row,
    month: formatMonth(workedOn),
    description: description ?? "",
  }));
}

/** How many logged months wait for this institution's decision (the list shows PENDING_PAGE). */
export async function countPendingHours(institutionId: string): Promise<number> {
  const [row] = await db()
    .select({ total: count() })
    .from(volunteerHours)
    .where(
      and(eq(volunteerHours.institutionId, institutionId), eq(volunteerHours.status, "PENDING")),
    );
  return row?.total ?? 0;
}

/** The query behind listPendingHours, apart so a test can EXPLAIN it. */
export function pendingHoursQuery(institutionId: string) {
  return db()
    .select({
      id: volunteerHours.id,
      name: users.name,
      workedOn: volunteerHours.workedOn,
      minutes: volunteerHours.minutes,
      description: volunteerHours.description,
    })
    .from(volunteerHours)
    .innerJoin(users, eq(users.id, volunteerHours.volunteerId))
    .where(
      and(eq(volunteerHours.institutionId, institutionId), eq(volunteerHours.status, "PENDING")),
    )
    .orderBy(asc(volunteerHours.workedOn), asc(volunteerHours.id))
    .limit(PENDING_PAGE);
}

/**
 * "Aprovar" or "Recusar" (with a reason) a PENDING month logged for this institution. Another
 * institution's row is "not found"; one already decided is a conflict. Audited and e-mailed.
 */
export async function decideOngoingHours(input: {
  institutionId: string;
  hoursId: string;
  decision: "approve" | "decline";
  reason?: string;
  journeyUrl: string;
  now?: Date;
}): Promise<{ name: string }> {
  const now = input.now ?? new Date();
  if (!isUuid(input.hoursId)) throw new AppError("not-found", HOURS_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const approve = input.decision === "approve";
    const [row] = await tx
      .update(volunteerHours)
      .set({
        status: approve ? "CONFIRMED" : "DECLINED",
        declineReason: approve ? null : (input.reason ?? null),
        decidedAt: now,
        decidedBy: input.institutionId,
        updatedAt: now,
      })
      .where(
        and(
          eq(volunteerHours.id, input.hoursId),
          eq(volunteerHours.institutionId, input.institutionId),
          eq(volunteerHours.kind, "ONGOING"),
          eq(volunteerHours.status, "PENDING"),
        ),
      )
      .returning({
        volunteerId: volunteerHours.volunteerId,
        workedOn: volunteerHours.workedOn,
        minutes: volunteerHours.minutes,
        description: volunteerHours.description,
      });
    if (!row) {
      const [exists] = await tx
        .select({ id: volunteerHours.id })
        .from(volunteerHours)
        .where(
          and(
            eq(volunteerHours.id, input.hoursId),
            eq(volunteerHours.institutionId, input.institutionId),
          ),
        );
      throw exists
        ? new AppError("conflict", HOURS_MESSAGES.alreadyDecidedInstitution)
        : new AppError("not-found", HOURS_MESSAGES.notFound);
    }
    const [person] = await tx
      .select({ name: users.name, email: users.email, institutionName: institutions.name })
      .from(users)
      .innerJoin(institutions, eq(institutions.userId, input.institutionId))
      .where(eq(users.id, row.volunteerId));
    await recordAudit(tx, {
      actorId: input.institutionId,
      action: approve ? "hours.approve" : "hours.decline",
      targetType: "user",
      targetId: row.volunteerId,
      details: { hoursId: input.hoursId, month: row.workedOn.slice(0, 7), minutes: row.minutes },
    });
    if (person) {
      const common = {
        name: person.name,
        institutionName: person.institutionName,
        when: formatMonth(row.workedOn),
        hours: formatMinutes(row.minutes),
        url: input.journeyUrl,
      };
      await enqueueEmail(tx, {
        to: person.email,
        kind: approve ? "hours-confirmed" : "hours-declined",
        sender: input.institutionId,
        dedupeKey: `${approve ? "hours-confirmed" : "hours-declined"}:${input.hoursId}:${row.minutes}`,
        ...(approve
          ? hoursConfirmedEmail({ ...common, activity: ongoingActivity(row.description) })
          : hoursDeclinedEmail({ ...common, reason: input.reason ?? "" })),
      });
    }
    return { name: person?.name ?? "" };
  });
}

export interface AcceptedApplication {
  requestId: string;
  /** The volunteer's name for the institution; the institution's for the volunteer. */
  name: string;
}

/** The accepted applications of one side, by name: the choices of the month forms. */
export async function acceptedApplications(
  party: { volunteerId: string } | { institutionId: string },
): Promise<AcceptedApplication[]> {
  const forVolunteer = "volunteerId" in party;
  const rows = await db()
    .select({
      requestId: volunteerRequests.id,
      name: forVolunteer ? institutions.name : users.name,
    })
    .from(volunteerRequests)
    .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
    .innerJoin(users, eq(users.id, volunteerRequests.volunteerId))
    .where(
      and(
        eq(volunteerRequests.status, "ACCEPTED"),
        forVolunteer
          ? eq(volunteerRequests.volunteerId, party.volunteerId)
          : eq(volunteerRequests.institutionId, party.institutionId),
      ),
    )
    .orderBy(asc(forVolunteer ? institutions.name : users.name), asc(volunteerRequests.id))
    .limit(500);
  return rows;
}
