import { eq } from "drizzle-orm";
import { env } from "~/config/env.server";
import { db, type Transaction } from "~/db/client.server";
import { institutions, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { proposedNameReviewEmail } from "~/email/templates.server";
import { recordAudit } from "./audit.server";
import { decidedConflict } from "./decided-already.server";

/**
 * The admins' decision on the new name an approved institution asked for (issue 14: the name is
 * the one field of an approved record that waits for review, in institutions.proposed_name).
 * Each decision clears the request, e-mails the institution and writes the audit entry in one
 * transaction; with no name waiting (decided already, withdrawn) it is refused as a conflict.
 */

export const PROPOSED_NAME_MESSAGES = {
  noneWaiting: "Não há novo nome em análise para esta instituição.",
  approved: "Novo nome aprovado.",
  rejected: "Novo nome recusado.",
} as const;

const NAME_LABEL = "Nome da instituição";
const link = (path: string) => new URL(path, env().BASE_URL).toString();

/** The institution's names and e-mail, locked; refused when no new name is waiting. */
async function lockPendingName(tx: Transaction, institutionId: string) {
  const [row] = await tx
    .select({
      name: institutions.name,
      proposedName: institutions.proposedName,
      email: users.email,
    })
    .from(institutions)
    .innerJoin(users, eq(users.id, institutions.userId))
    .where(eq(institutions.userId, institutionId))
    .for("update", { of: institutions });
  if (!row?.proposedName) {
    throw await decidedConflict(tx, "name", institutionId, PROPOSED_NAME_MESSAGES.noneWaiting);
  }
  return { ...row, proposedName: row.proposedName };
}

/**
 * The new name becomes the public one (the directory's search table follows through its
 * trigger on institutions.name), and the account's name with it.
 */
export async function approveProposedName(input: {
  adminId: string;
  institutionId: string;
}): Promise<void> {
  await db().transaction(async (tx) => {
    const row = await lockPendingName(tx, input.institutionId);
    await tx
      .update(institutions)
      .set({ name: row.proposedName, proposedName: null })
      .where(eq(institutions.userId, input.institutionId));
    await tx.update(users).set({ name: row.proposedName }).where(eq(users.id, input.institutionId));
    await enqueueEmail(tx, {
      to: row.email,
      kind: "institution-name-review",
      sender: null,
      // The lock makes a decision happen once; the time tells a later request for the same name apart.
      dedupeKey: `institution-name-review:${input.institutionId}:APPROVED:${Date.now()}`,
      ...proposedNameReviewEmail({
        institutionName: row.name,
        proposedName: row.proposedName,
        approved: true,
        url: link(`/instituicoes/${input.institutionId}`),
      }),
    });
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "institution.name-approve",
      targetType: "institution",
      targetId: input.institutionId,
      details: {
        name: row.proposedName,
        changes: [{ field: NAME_LABEL, before: row.name, after: row.proposedName }],
      },
    });
  });
}

/** The request is dropped: the public keeps the approved name. `reason` goes into the e-mail. */
export async function rejectProposedName(input: {
  adminId: string;
  institutionId: string;
  reason?: string | null;
}): Promise<void> {
  const reason = input.reason?.trim() || null;
  await db().transaction(async (tx) => {
    const row = await lockPendingName(tx, input.institutionId);
    await tx
      .update(institutions)
      .set({ proposedName: null })
      .where(eq(institutions.userId, input.institutionId));
    await enqueueEmail(tx, {
      to: row.email,
      kind: "institution-name-review",
      sender: null,
      dedupeKey: `institution-name-review:${input.institutionId}:REJECTED:${Date.now()}`,
      ...proposedNameReviewEmail({
        institutionName: row.name,
        proposedName: row.proposedName,
        approved: false,
        reason,
        url: link("/auth/login"),
      }),
    });
    await recordAudit(tx, {
      actorId: input.adminId,
      action: "institution.name-reject",
      targetType: "institution",
      targetId: input.institutionId,
      details: { name: row.name, proposedName: row.proposedName, reason },
    });
  });
}
