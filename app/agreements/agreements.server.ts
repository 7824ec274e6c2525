import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agreements, institutions, participations, users } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { runnableEvents } from "~/teams/event-access.server";
import type { ActingMember } from "~/teams/team-roles";
import { AGREEMENT_MESSAGES, type AgreementStatus, agreementStatus } from "./agreement-status";

/**
 * Reading and accepting termos (issue 16, ADR 0049). Every query names its owner: the volunteer
 * reads and accepts only their own, the institution reads only the ones it issued; any other id
 * is "not found".
 */

const columns = {
  id: agreements.id,
  kind: agreements.kind,
  activity: agreements.activity,
  templateVersion: agreements.templateVersion,
  body: agreements.body,
  bodySha256: agreements.bodySha256,
  createdAt: agreements.createdAt,
  acceptedAt: agreements.acceptedAt,
  acceptedIp: agreements.acceptedIp,
  guardianRequired: agreements.guardianRequired,
  guardianName: agreements.guardianName,
  guardianConsentedAt: agreements.guardianConsentedAt,
  guardianConsentIp: agreements.guardianConsentIp,
  representativeName: agreements.representativeName,
  representativeRole: agreements.representativeRole,
  volunteerName: users.name,
  institutionName: institutions.name,
};

export interface Agreement {
  id: string;
  kind: string;
  activity: string;
  templateVersion: string;
  body: string;
  bodySha256: string;
  createdAt: Date;
  acceptedAt: Date | null;
  acceptedIp: string | null;
  guardianRequired: boolean;
  guardianName: string | null;
  guardianConsentedAt: Date | null;
  guardianConsentIp: string | null;
  /** Who signs for the institution, fixed when issued (null: none named, or an older termo). */
  representativeName: string | null;
  representativeRole: string | null;
  volunteerName: string;
  institutionName: string;
  status: AgreementStatus;
}

const withStatus = (row: Omit<Agreement, "status">): Agreement => ({
  ...row,
  status: agreementStatus(row),
});

function selectAgreements() {
  return db()
    .select(columns)
    .from(agreements)
    .innerJoin(users, eq(users.id, agreements.volunteerId))
    .innerJoin(institutions, eq(institutions.userId, agreements.institutionId));
}

/** The volunteer's termos, newest first. */
export async function listVolunteerAgreements(volunteerId: string): Promise<Agreement[]> {
  const rows = await selectAgreements()
    .where(eq(agreements.volunteerId, volunteerId))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(500);
  return rows.map(withStatus);
}

/** The termos an institution issued, newest first. */
export async function listInstitutionAgreements(
  institutionId: string,
  /** A coordinator limited to some events sees only the termos of those events (issue 41). */
  member?: ActingMember,
): Promise<Agreement[]> {
  const onlyTheirs = member?.limited
    ? sql`${agreements.participationId} in (select ${participations.id} from ${participations} where ${runnableEvents(member, participations.eventId)})`
    : undefined;
  const rows = await selectAgreements()
    .where(and(eq(agreements.institutionId, institutionId), onlyTheirs))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(500);
  return rows.map(withStatus);
}

/** One termo, for its volunteer or its institution; null for anyone else (404). */
export async function findAgreement(
  id: string,
  reader: { volunteerId: string } | { institutionId: string },
): Promise<Agreement | null> {
  if (!isUuid(id)) return null;
  const owner =
    "volunteerId" in reader
      ? eq(agreements.volunteerId, reader.volunteerId)
      : eq(agreements.institutionId, reader.institutionId);
  const [row] = await selectAgreements().where(and(eq(agreements.id, id), owner));
  return row ? withStatus(row) : null;
}

/**
 * "Li e aceito o termo": records who (the session's person, the only one who may), when, from
 * which address and browser, for the text whose SHA-256 the page showed. Accepting again changes
 * nothing (the first acceptance stands).
 */
export async function acceptAgreement(input: {
  id: string;
  volunteerId: string;
  /** The hash of the text the person read: a stale page cannot accept another text. */
  sha256: string;
  ip: string;
  userAgent: string | null;
  now?: Date;
}): Promise<Agreement> {
  const agreement = await findAgreement(input.id, { volunteerId: input.volunteerId });
  if (!agreement) throw new AppError("not-found", AGREEMENT_MESSAGES.notFound);
  if (agreement.bodySha256 !== input.sha256) {
    throw new AppError("conflict", AGREEMENT_MESSAGES.changed);
  }
  await db()
    .update(agreements)
    .set({
      acceptedAt: input.now ?? new Date(),
      acceptedIp: input.ip,
      acceptedUserAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .where(
      and(
        eq(agreements.id, agreement.id),
        eq(agreements.volunteerId, input.volunteerId),
        isNull(agreements.acceptedAt),
      ),
    );
  const accepted = await findAgreement(agreement.id, { volunteerId: input.volunteerId });
  if (!accepted) throw new AppError("not-found", AGREEMENT_MESSAGES.notFound);
  return accepted;
}
