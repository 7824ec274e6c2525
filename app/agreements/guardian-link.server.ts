import { and, desc, eq } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { agreements, guardianTokens, institutions, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { guardianAgreementEmail } from "~/guardians/guardian-emails.server";
import { createGuardianLink } from "~/guardians/guardian-tokens.server";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { AGREEMENT_MESSAGES } from "./agreement-status";

/** How long after a link the volunteer waits before asking for another one. */
export const GUARDIAN_RESEND_MINUTES = 10;

interface GuardianLinkInput {
  agreementId: string;
  volunteerId: string;
  volunteerName: string;
  institutionName: string;
  activity: string;
  guardian: { name: string; email: string };
  now: Date;
  /** The outbox's key: one e-mail per issuance, one per resend. */
  dedupeKey: string;
  /**
   * The volunteer's own press of "Reenviar" is refused past their e-mail budget; an issuance
   * (caused by the institution's decision or the volunteer's join) leaves the e-mail out instead,
   * and the volunteer can ask again the next day (ADR 0068).
   */
  overSenderBudget: "refuse" | "drop";
}

/** A new single-purpose link for the guardian to consent to a termo, e-mailed through the outbox. */
export async function sendGuardianAgreementLink(
  tx: Transaction,
  input: GuardianLinkInput,
): Promise<void> {
  const url = await createGuardianLink(tx, {
    purpose: "AGREEMENT",
    agreementId: input.agreementId,
    volunteerId: input.volunteerId,
    email: input.guardian.email,
    now: input.now,
  });
  await enqueueEmail(tx, {
    to: input.guardian.email,
    kind: "guardian-agreement",
    sender: input.volunteerId,
    overSenderBudget: input.overSenderBudget,
    now: input.now,
    dedupeKey: input.dedupeKey,
    ...guardianAgreementEmail({
      guardianName: input.guardian.name,
      volunteerName: input.volunteerName,
      institutionName: input.institutionName,
      activity: input.activity,
      url,
    }),
  });
}

/**
 * "Reenviar o link ao responsável": the link e-mailed when the termo was issued works 30 days
 * (ADR 0050) and may be lost or expired; the volunteer asks for a new one, sent to the guardian
 * the termo names. Refused once the guardian has consented, and within GUARDIAN_RESEND_MINUTES
 * of the last link (a button pressed again sends nothing twice). Earlier links keep working
 * until they expire: each is single-use, and a consent already given ends them all.
 */
export async function resendGuardianAgreementLink(input: {
  agreementId: string;
  volunteerId: string;
  now?: Date;
}): Promise<void> {
  const { agreementId, volunteerId, now = new Date() } = input;
  if (!isUuid(agreementId)) throw new AppError("not-found", AGREEMENT_MESSAGES.notFound);
  await db().transaction(async (tx) => {
    const [row] = await tx
      .select({
        activity: agreements.activity,
        guardianRequired: agreements.guardianRequired,
        guardianName: agreements.guardianName,
        guardianEmail: agreements.guardianEmail,
        guardianConsentedAt: agreements.guardianConsentedAt,
        volunteerName: users.name,
        institutionName: institutions.name,
      })
      .from(agreements)
      .innerJoin(users, eq(users.id, agreements.volunteerId))
      .innerJoin(institutions, eq(institutions.userId, agreements.institutionId))
      .where(and(eq(agreements.id, agreementId), eq(agreements.volunteerId, volunteerId)))
      // Two presses at once: the second waits and then sees the first one's link.
      .for("update", { of: agreements });
    if (!row) throw new AppError("not-found", AGREEMENT_MESSAGES.notFound);
    if (!row.guardianRequired || row.guardianConsentedAt || !row.guardianEmail) {
      throw new AppError("conflict", AGREEMENT_MESSAGES.guardianDone);
    }
    const [last] = await tx
      .select({ createdAt: guardianTokens.createdAt })
      .from(guardianTokens)
      .where(eq(guardianTokens.agreementId, agreementId))
      .orderBy(desc(guardianTokens.createdAt))
      .limit(1);
    const waitMs = GUARDIAN_RESEND_MINUTES * 60_000;
    if (last && now.getTime() - last.createdAt.getTime() < waitMs) {
      throw new AppError("rate-limited", AGREEMENT_MESSAGES.guardianLinkRecent, {
        retryAfterSeconds: Math.ceil((last.createdAt.getTime() + waitMs - now.getTime()) / 1000),
      });
    }
    await sendGuardianAgreementLink(tx, {
      agreementId,
      volunteerId,
      volunteerName: row.volunteerName,
      institutionName: row.institutionName,
      activity: row.activity,
      guardian: { name: row.guardianName ?? "", email: row.guardianEmail },
      now,
      dedupeKey: `guardian-agreement:${agreementId}:${now.getTime()}`,
      overSenderBudget: "refuse",
    });
  });
}
