import { and, eq } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { issueApplicationAgreement } from "~/agreements/issue-agreement.server";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { institutions, users, volunteerRequests } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { applicationDecisionEmail } from "~/email/templates.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";

export type Decision = "ACCEPTED" | "DECLINED";

export const DECISION_MESSAGES = {
  /** No application with this id was sent to this institution (or the id is malformed). */
  notFound: "Candidatura não encontrada.",
  /** The application already has the other answer; answers are final. */
  alreadyDecided: "Esta candidatura já foi respondida.",
} as const;

/**
 * An institution answers one of ITS pending applications (the institution id is in every
 * WHERE). The status change, its audit entry and the e-mail to the volunteer's reply address are
 * written in one transaction; repeating the same answer (a double click, a replayed post) changes nothing and
 * queues nothing. Returns whether this call made the change.
 */
export async function decideApplication(input: {
  institutionId: string;
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
  requestId: string;
  decision: Decision;
}): Promise<"decided" | "unchanged"> {
  if (!isUuid(input.requestId)) throw new AppError("not-found", DECISION_MESSAGES.notFound);
  const mine = and(
    eq(volunteerRequests.id, input.requestId),
    eq(volunteerRequests.institutionId, input.institutionId),
  );
  return db().transaction(async (tx) => {
    const [changed] = await tx
      .update(volunteerRequests)
      .set({
        status: input.decision,
        decidedAt: new Date(),
        decidedBy: input.actorId ?? input.institutionId,
      })
      .where(and(mine, eq(volunteerRequests.status, "PENDING")))
      .returning({
        volunteerId: volunteerRequests.volunteerId,
        replyEmail: volunteerRequests.replyEmail,
      });
    if (!changed) {
      const [current] = await tx
        .select({ status: volunteerRequests.status })
        .from(volunteerRequests)
        .where(mine);
      if (!current) throw new AppError("not-found", DECISION_MESSAGES.notFound);
      if (current.status === input.decision) return "unchanged";
      throw new AppError("conflict", DECISION_MESSAGES.alreadyDecided);
    }
    const [names] = await tx
      .select({
        volunteerName: users.name,
        institutionName: institutions.name,
        institutionEmail: institutions.contactEmail,
      })
      .from(users)
      .innerJoin(institutions, eq(institutions.userId, input.institutionId))
      .where(eq(users.id, changed.volunteerId));
    if (!names) throw new Error("application decided without volunteer or institution");
    const accepted = input.decision === "ACCEPTED";
    await recordAudit(tx, {
      actorId: input.actorId ?? input.institutionId,
      action: accepted ? "application.accept" : "application.decline",
      targetType: "application",
      targetId: input.requestId,
      details: {
        name: names.volunteerName,
        volunteerId: changed.volunteerId,
        status: input.decision,
      },
    });
    // Lei 9.608 art. 2: an accepted application is served under a termo de adesão (ADR 0049).
    if (accepted) await issueApplicationAgreement(tx, input.requestId);
    const path = accepted ? "/app/voluntario" : "/instituicoes";
    await enqueueEmail(tx, {
      to: changed.replyEmail,
      kind: "application-decision",
      sender: input.institutionId,
      dedupeKey: `application-decision:${input.requestId}:${input.decision}`,
      ...applicationDecisionEmail({
        ...names,
        accepted,
        url: new URL(path, env().BASE_URL).toString(),
      }),
    });
    return "decided";
  });
}
