import { createHash } from "node:crypto";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import {
  applicationTermoState,
  requireAcceptedTermo,
  type TermoAudience,
} from "~/agreements/agreement-gate.server";
import { db, type Transaction } from "~/db/client.server";
import { institutions, users, volunteerHours, volunteerRequests } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { todayInBrazil } from "~/events/event-dates";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { ongoingActivity } from "./confirmed-hours.server";
import { hoursConfirmedEmail, hoursDeclinedEmail } from "./hours-emails.server";
import { formatMinutes, formatMonth } from "./hours-format";
import { HOURS_LIMITS, HOURS_MESSAGES } from "./hours-limits";
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

/**
 * Hours belong to the relationship (ADR 0070): a month before the one the institution accepted
 * the application in (Brasília) is refused, so nobody logs months back to 1900. The month the
 * application was accepted counts whole: work often starts the day it is accepted.
 */
function refuseBeforeAcceptance(month: string, request: { acceptedOn: string }): void {
  const start = request.acceptedOn.slice(0, 7);
  if (month < start) {
    throw new AppError("invalid", HOURS_MESSAGES.monthBeforeStart(formatMonth(start)), {
      field: "month",
    });
  }
}

/** The month's rules and the termo gate, in the transaction that writes the month. */
async function checkMonth(
  tx: Transaction,
  month: string,
  request: { id: string; acceptedOn: string },
  audience: TermoAudience,
): Promise<void> {
  refuseBeforeAcceptance(month, request);
  requireAcceptedTermo(await applicationTermoState(tx, request.id), audience, "requestId");
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
      decidedAt: volunteerRequests.decidedAt,
      createdAt: volunteerRequests.createdAt,
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
  // Applications accepted before decisions were dated count from when they were sent.
  return { ...request, acceptedOn: todayInBrazil(request.decidedAt ?? request.createdAt) };
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
    await checkMonth(tx, input.month, request, "volunteer");
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
  input: Month & {
    institutionId: string;
    /** The member acting (issue 41); the institution's own account when left out. */
    actorId?: string;
    journeyUrl: string;
    now?: Date;
  },
): Promise<{ name: string }> {
  const now = input.now ?? new Date();
  refuseFuture(input.month, now);
  return db().transaction(async (tx) => {
    const request = await acceptedRequest(tx, input.requestId, {
      institutionId: input.institutionId,
    });
    await checkMonth(tx, input.month, request, "institution");
    const decided = {
      minutes: input.minutes,
      description: input.description,
      status: "CONFIRMED",
      decidedAt: now,
      decidedBy: input.actorId ?? input.institutionId,
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
      actorId: input.actorId ?? input.institutionId,
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
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
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
    if (approve) await requireTermoOfRow(tx, input);
    const [row] = await tx
      .update(volunteerHours)
      .set({
        status: approve ? "CONFIRMED" : "DECLINED",
        declineReason: approve ? null : (input.reason ?? null),
        decidedAt: now,
        decidedBy: input.actorId ?? input.institutionId,
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
      actorId: input.actorId ?? input.institutionId,
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

/** Approving a logged month needs the application's termo accepted (ADR 0070). */
async function requireTermoOfRow(
  tx: Transaction,
  input: { institutionId: string; hoursId: string },
): Promise<void> {
  const [row] = await tx
    .select({ requestId: volunteerHours.requestId })
    .from(volunteerHours)
    .where(
      and(
        eq(volunteerHours.id, input.hoursId),
        eq(volunteerHours.institutionId, input.institutionId),
      ),
    );
  // A row that is not this institution's is answered by the update below, as before.
  if (!row?.requestId) return;
  requireAcceptedTermo(await applicationTermoState(tx, row.requestId), "institution");
}

/**
 * "Recusar" many PENDING months at once with one reason (ADR 0070): what a queue flooded with
 * months the volunteer never worked needs. Only this institution's PENDING ongoing rows are
 * declined; ids of other institutions or already decided rows are left out, silently, since the
 * page may be stale. Each person hears once, listing their declined months. Returns how many.
 */
export async function declineManyOngoingHours(input: {
  institutionId: string;
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
  ids: string[];
  reason: string;
  journeyUrl: string;
  now?: Date;
}): Promise<{ declined: number }> {
  const now = input.now ?? new Date();
  const ids = input.ids.filter(isUuid).slice(0, HOURS_LIMITS.declineMany);
  if (ids.length === 0) return { declined: 0 };
  return db().transaction(async (tx) => {
    const rows = await tx
      .update(volunteerHours)
      .set({
        status: "DECLINED",
        declineReason: input.reason,
        decidedAt: now,
        decidedBy: input.actorId ?? input.institutionId,
        updatedAt: now,
      })
      .where(
        and(
          inArray(volunteerHours.id, ids),
          eq(volunteerHours.institutionId, input.institutionId),
          eq(volunteerHours.kind, "ONGOING"),
          eq(volunteerHours.status, "PENDING"),
        ),
      )
      .returning({
        id: volunteerHours.id,
        volunteerId: volunteerHours.volunteerId,
        workedOn: volunteerHours.workedOn,
        minutes: volunteerHours.minutes,
      });
    const byPerson = new Map<string, typeof rows>();
    for (const row of rows) {
      byPerson.set(row.volunteerId, [...(byPerson.get(row.volunteerId) ?? []), row]);
      await recordAudit(tx, {
        actorId: input.actorId ?? input.institutionId,
        action: "hours.decline",
        targetType: "user",
        targetId: row.volunteerId,
        details: { hoursId: row.id, month: row.workedOn.slice(0, 7), minutes: row.minutes },
      });
    }
    if (byPerson.size > 0) {
      const people = await tx
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          institutionName: institutions.name,
        })
        .from(users)
        .innerJoin(institutions, eq(institutions.userId, input.institutionId))
        .where(inArray(users.id, [...byPerson.keys()]));
      for (const person of people) {
        const months = (byPerson.get(person.id) ?? []).sort((a, b) =>
          a.workedOn.localeCompare(b.workedOn),
        );
        await enqueueEmail(tx, {
          to: person.email,
          kind: "hours-declined",
          sender: input.institutionId,
          dedupeKey: `hours-declined-many:${digest(months.map((row) => row.id).join(","))}`,
          ...hoursDeclinedEmail({
            name: person.name,
            institutionName: person.institutionName,
            when: monthsText(months.map((row) => formatMonth(row.workedOn))),
            hours: formatMinutes(months.reduce((total, row) => total + row.minutes, 0)),
            reason: input.reason,
            url: input.journeyUrl,
          }),
        });
      }
    }
    return { declined: rows.length };
  });
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** "janeiro de 2026, fevereiro de 2026 e mais 3 meses": an e-mail's line stays short. */
function monthsText(months: string[]): string {
  const shown = months.slice(0, 3);
  const rest = months.length - shown.length;
  if (rest > 0) return `${shown.join(", ")} e mais ${rest} ${rest === 1 ? "mês" : "meses"}`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} e ${shown.at(-1)}`;
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
