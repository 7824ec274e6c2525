import { and, eq, inArray } from "drizzle-orm";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { events, institutions, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { eventReviewEmail, institutionReviewEmail } from "~/email/templates.server";
import { AppError } from "~/lib/app-error";
import { recordAudit } from "./audit.server";
import { decidedConflict } from "./decided-already.server";

/**
 * Review decisions. Each one changes the status, queues the e-mail to the institution and writes
 * the audit entry in one transaction: either all three happen or none. The status condition in
 * the update makes a second click (or a stale page) a visible error instead of a silent rewrite,
 * and the error says who decided first and when (decided-already.server.ts).
 */

export const STATUS_MESSAGES = {
  institution: "Não foi possível atualizar o status da instituição.",
  event: "Não foi possível atualizar o status do evento.",
} as const;

const link = (path: string) => new URL(path, env().BASE_URL).toString();

/** A decision: approval, or a rejection with the reason the institution will read. */
export type Decision = { approved: true } | { approved: false; reason: string };

/**
 * Approves or rejects a pending institution. The decision clears what a resubmission left for
 * the admin to compare (when, what changed); a rejection keeps its reason for the institution.
 */
export async function reviewInstitution(
  input: { adminId: string; institutionId: string } & Decision,
): Promise<void> {
  const status = input.approved ? "APPROVED" : "REJECTED";
  const reason = input.approved ? null : input.reason;
  const reviewedAt = new Date();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(institutions)
      .set({
        status,
        reviewedAt,
        reviewedBy: input.adminId,
        reviewReason: reason,
        resubmittedAt: null,
        resubmissionChanges: null,
      })
      .where(and(eq(institutions.userId, input.institutionId), eq(institutions.status, "PENDING")))
      .returning({ name: institutions.name });
    if (!row) {
      throw await decidedConflict(
        tx,
        "institution",
        input.institutionId,
        STATUS_MESSAGES.institution,
      );
    }
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, input.institutionId));
    if (!account) throw new AppError("not-found", STATUS_MESSAGES.institution);
    await enqueueEmail(tx, {
      to: account.email,
      kind: "institution-review",
      sender: null,
      // One e-mail per decision: a reopened or resubmitted record may be decided again.
      dedupeKey: `institution-review:${input.institutionId}:${status}:${reviewedAt.toISOString()}`,
      ...institutionReviewEmail({
        institutionName: row.name,
        reason,
        url: link(input.approved ? "/auth/login" : "/app/instituicao"),
      }),
    });
    await recordAudit(tx, {
      actorId: input.adminId,
      action: input.approved ? "institution.approve" : "institution.reject",
      targetType: "institution",
      targetId: input.institutionId,
      details: reason ? { name: row.name, status, reason } : { name: row.name, status },
    });
  });
}

export async function reviewEvent(
  input: { adminId: string; eventId: string } & Decision,
): Promise<void> {
  const status = input.approved ? "APPROVED" : "REJECTED";
  const reason = input.approved ? null : input.reason;
  const reviewedAt = new Date();
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(events)
      .set({ status, reviewedAt, reviewedBy: input.adminId, reviewReason: reason })
      .where(and(eq(events.id, input.eventId), eq(events.status, "PENDING")))
      .returning({ name: events.name, institutionId: events.institutionId });
    if (!row) throw await decidedConflict(tx, "event", input.eventId, STATUS_MESSAGES.event);
    const [owner] = await tx
      .select({ email: users.email, name: institutions.name })
      .from(institutions)
      .innerJoin(users, eq(users.id, institutions.userId))
      .where(eq(institutions.userId, row.institutionId));
    if (owner) {
      await enqueueEmail(tx, {
        to: owner.email,
        kind: "event-review",
        sender: null,
        dedupeKey: `event-review:${input.eventId}:${status}:${reviewedAt.toISOString()}`,
        ...eventReviewEmail({
          institutionName: owner.name,
          eventName: row.name,
          reason,
          url: link(input.approved ? `/eventos/${input.eventId}` : "/app/instituicao"),
        }),
      });
    }
    await recordAudit(tx, {
      actorId: input.adminId,
      action: input.approved ? "event.approve" : "event.reject",
      targetType: "event",
      targetId: input.eventId,
      details: reason ? { name: row.name, status, reason } : { name: row.name, status },
    });
  });
}

/** "Excluir evento" takes a published (or rejected) event off the site: DELETED, never REJECTED. */
export async function deleteEvent(input: { adminId: string; eventId: string }): Promise<void> {
  await db().transaction(async (tx) => {
    const [row] = await tx
      .update(events)
      .set({ status: "DELETED", reviewedAt: new Date(), reviewedBy: input.adminId })
      .where(and(eq(events.id, input.eventId), inArray(events.status, ["APPROVED", "REJECTED"])))
      .returning({ name: events.name });
    if (!row) throw await decidedConflict(tx, "event", input.eventId, STATUS_MESSAGES.event);
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "event.delete",
      targetType: "event",
      targetId: input.eventId,
      details: { name: row.name, status: "DELETED" },
    });
  });
}

/**
 * Reopens a decision: an approved or rejected institution goes back to PENDING (off the public
 * site until decided again). The previous decision stays in the audit trail; no e-mail is sent,
 * since nothing is asked of the institution yet.
 */
export async function reopenInstitution(input: {
  adminId: string;
  institutionId: string;
}): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: institutions.status })
      .from(institutions)
      .where(eq(institutions.userId, input.institutionId))
      .for("update");
    const [row] = await tx
      .update(institutions)
      .set({ status: "PENDING", reviewedAt: new Date(), reviewedBy: input.adminId })
      .where(
        and(
          eq(institutions.userId, input.institutionId),
          inArray(institutions.status, ["APPROVED", "REJECTED"]),
        ),
      )
      .returning({ name: institutions.name });
    if (!row || !before) {
      throw await decidedConflict(
        tx,
        "institution",
        input.institutionId,
        STATUS_MESSAGES.institution,
      );
    }
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "institution.reopen",
      targetType: "institution",
      targetId: input.institutionId,
      details: { name: row.name, status: "PENDING", previous: before.status },
    });
  });
}

/** Reopens an approved or rejected event (a deleted one stays deleted: that was final). */
export async function reopenEvent(input: { adminId: string; eventId: string }): Promise<void> {
  await db().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: events.status })
      .from(events)
      .where(eq(events.id, input.eventId))
      .for("update");
    const [row] = await tx
      .update(events)
      .set({ status: "PENDING", reviewedAt: new Date(), reviewedBy: input.adminId })
      .where(and(eq(events.id, input.eventId), inArray(events.status, ["APPROVED", "REJECTED"])))
      .returning({ name: events.name });
    if (!row || !before) {
      throw await decidedConflict(tx, "event", input.eventId, STATUS_MESSAGES.event);
    }
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "event.reopen",
      targetType: "event",
      targetId: input.eventId,
      details: { name: row.name, status: "PENDING", previous: before.status },
    });
  });
}
