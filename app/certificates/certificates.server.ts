import { createHash } from "node:crypto";
import { and, desc, eq, getTableColumns, isNull, type SQL } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { db } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors.server";
import {
  type CertificateHourRow,
  certificateHolders,
  certificates,
  institutions,
  users,
} from "~/db/schema";
import { monthOf, todayInBrazil } from "~/events/event-dates";
import { AppError } from "~/lib/app-error";
import { asOneLine } from "~/lib/plain-text";
import { isUuid } from "~/lib/uuid";
import { hitRateLimit, rateLimitedError } from "~/security/rate-limit.server";
import { type CertifiableHours, certifiableHoursOf } from "./certifiable-hours.server";
import { formatCertificateCode, newCertificateCode } from "./certificate-code";
import { CERTIFICATE_MESSAGES } from "./certificate-messages";
import { MANY_ACTIVITIES } from "./certificate-text";

/**
 * Certificates of volunteer work (issue 16 item 5, ADR 0052): issued from CONFIRMED hours only,
 * by the volunteer (self-serve) or by the institution, as a frozen snapshot; verified by anyone
 * through the code; revoked only by the institution in whose name it was issued.
 */

export type CertificateScope = "EVENT" | "ONGOING" | "PERIOD";

/** What to certify: one event, one ongoing application, or all hours with an institution. */
export interface CertificateTarget {
  scope: CertificateScope;
  /** The event, the application (volunteer_requests), or the institution for PERIOD. */
  id: string;
  /** For ONGOING and PERIOD: only hours on or after / before these days. */
  from?: string;
  to?: string;
}

/** A certificate with the holder's name, null once the holder deleted the account. */
export type Certificate = typeof certificates.$inferSelect & { volunteerName: string | null };

/** Certificates matching `where`, each with its holder's name. */
function selectCertificates(where: SQL | undefined) {
  return db()
    .select({ ...getTableColumns(certificates), volunteerName: certificateHolders.name })
    .from(certificates)
    .leftJoin(certificateHolders, eq(certificateHolders.certificateId, certificates.id))
    .where(where);
}

/**
 * Wrong codes from one network before its unknown codes get 429 for a while (ADR 0071); a code
 * that exists is always answered.
 */
const MISSES_PER_NETWORK = { limit: 30, windowSeconds: 15 * 60 };

/**
 * Issues a certificate of `volunteerId`'s confirmed hours, or returns the valid one already
 * issued for the same request and the same hours (`created: false`). `issuer` is the volunteer
 * or an institution; an institution only ever reaches its own hours. No confirmed hours: refused.
 */
export async function issueCertificate(input: {
  volunteerId: string;
  target: CertificateTarget;
  /** `id` is the volunteer's or the institution's; `actorId` the team member acting (issue 41). */
  issuer: { id: string; role: "VOLUNTEER" | "INSTITUTION"; actorId?: string };
  now?: Date;
}): Promise<{ certificate: Certificate; created: boolean }> {
  const { volunteerId, issuer, now = new Date() } = input;
  // An event is one day: dates asked along with it change nothing, nor the request's key.
  const target: CertificateTarget =
    input.target.scope === "EVENT" ? { scope: "EVENT", id: input.target.id } : input.target;
  if (!isUuid(volunteerId) || !isUuid(target.id)) {
    throw new AppError("invalid", CERTIFICATE_MESSAGES.noHours);
  }
  if (issuer.role === "VOLUNTEER" && issuer.id !== volunteerId) {
    throw new AppError("not-found", CERTIFICATE_MESSAGES.notFound);
  }
  const chosen = await hoursFor(volunteerId, target, issuer);
  const rows = chosen.filter((row) => row.blocked === null);
  if (rows.length === 0) {
    // Hours there are, but their termo or a revocation keeps them out: say which.
    const blocked = chosen[0]?.blocked;
    if (blocked) throw new AppError("conflict", blocked);
    throw new AppError("invalid", CERTIFICATE_MESSAGES.noHours);
  }
  const institutionId = rows[0]?.institutionId ?? "";
  const requestKey = keyOf(volunteerId, target, rows);

  const existing = await validByKey(requestKey);
  if (existing) return { certificate: existing, created: false };

  const [person] = await db()
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, volunteerId));
  const [institution] = await db()
    .select({
      name: institutions.name,
      cnpj: institutions.cnpj,
      city: institutions.city,
      state: institutions.state,
      representativeName: institutions.representativeName,
      representativeRole: institutions.representativeRole,
    })
    .from(institutions)
    .where(eq(institutions.userId, institutionId));
  if (!person || !institution) throw new AppError("not-found", CERTIFICATE_MESSAGES.notFound);

  // The snapshot holds the texts as the paper prints them: inline, whatever the rows hold.
  const hours: CertificateHourRow[] = rows.map((row) => ({
    workedOn: row.workedOn,
    kind: row.kind,
    activity: asOneLine(row.activity),
    minutes: row.minutes,
  }));
  const signs = institution.representativeName && institution.representativeRole;
  const activities = new Set(hours.map((row) => row.activity));
  const today = todayInBrazil(now);
  const code = newCertificateCode();
  const totalMinutes = hours.reduce((sum, row) => sum + row.minutes, 0);
  try {
    const id = await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(certificates)
        .values({
          code,
          volunteerId,
          institutionId,
          scope: target.scope,
          requestKey,
          institutionName: asOneLine(institution.name),
          institutionCnpj: institution.cnpj,
          issuedPlace: `${asOneLine(institution.city)}/${asOneLine(institution.state)}`,
          representativeName: signs ? asOneLine(institution.representativeName ?? "") : null,
          representativeRole: signs ? asOneLine(institution.representativeRole ?? "") : null,
          activity: activities.size === 1 ? (hours[0]?.activity ?? "") : MANY_ACTIVITIES,
          periodFrom: hours[0]?.workedOn ?? today,
          periodTo: periodEnd(hours, target.to, today),
          totalMinutes,
          hours,
          hourIds: rows.map((row) => row.id),
          issuedAt: now,
          issuedBy: issuer.actorId ?? issuer.id,
          issuedByRole: issuer.role,
        })
        .returning({ id: certificates.id });
      if (!row) throw new Error("certificate insert returned nothing");
      await tx
        .insert(certificateHolders)
        .values({ certificateId: row.id, volunteerId, name: asOneLine(person.name) });
      // The entry names the certificate by its code, not its holder: an account's deletion
      // leaves the certificate without a name (ADR 0052), and the trail follows it.
      await recordAudit(tx, {
        actorId: issuer.actorId ?? issuer.id,
        action: "certificate.issue",
        targetType: "certificate",
        targetId: row.id,
        details: {
          name: `Certificado ${formatCertificateCode(code)}`,
          scope: target.scope,
          institutionId,
          minutes: totalMinutes,
        },
      });
      return row.id;
    });
    const [certificate] = await selectCertificates(eq(certificates.id, id));
    if (!certificate) throw new Error("issued certificate not found");
    return { certificate, created: true };
  } catch (error) {
    // Two tabs asked at once: the other one's certificate is the answer.
    if (uniqueViolation(error) === "certificates_valid_request_key") {
      const winner = await validByKey(requestKey);
      if (winner) return { certificate: winner, created: false };
    }
    throw error;
  }
}

/**
 * The confirmed hours (more than zero minutes) a target covers, each with what keeps it out, if
 * anything; an institution issuer sees only its own.
 */
async function hoursFor(
  volunteerId: string,
  target: CertificateTarget,
  issuer: { id: string; role: "VOLUNTEER" | "INSTITUTION" },
): Promise<CertifiableHours[]> {
  const own = issuer.role === "INSTITUTION" ? issuer.id : undefined;
  if (target.scope === "PERIOD" && own && own !== target.id) return [];
  const rows = await certifiableHoursOf(
    {
      volunteerId,
      institutionId: target.scope === "PERIOD" ? target.id : own,
      from: target.from,
      to: target.to,
    },
    issuer.role,
  );
  return rows.filter((row) => {
    if (target.scope === "EVENT") return row.kind === "EVENT" && row.eventId === target.id;
    if (target.scope === "ONGOING") return row.kind === "ONGOING" && row.requestId === target.id;
    return true;
  });
}

/**
 * The same person, request and hours (ids and minutes) give the same key: asking twice returns
 * the first certificate, while a newly confirmed month makes a new one.
 */
function keyOf(volunteerId: string, target: CertificateTarget, rows: CertifiableHours[]): string {
  const parts = [
    volunteerId,
    target.scope,
    target.id,
    target.from ?? "",
    target.to ?? "",
    ...rows.map((row) => `${row.id}:${row.minutes}`).sort(),
  ];
  return createHash("sha256").update(parts.join("|")).digest("hex");
}

/** The last day covered: an event's day, or the end of an ongoing month (not after today or `to`). */
function periodEnd(hours: CertificateHourRow[], to: string | undefined, today: string): string {
  let end = "";
  for (const row of hours) {
    const rowEnd = row.kind === "ONGOING" ? monthOf(row.workedOn).to : row.workedOn;
    if (rowEnd > end) end = rowEnd;
  }
  const last = hours.at(-1)?.workedOn ?? today;
  const cap = [to, today > last ? today : last].filter((day): day is string => Boolean(day));
  for (const limit of cap) if (limit < end) end = limit;
  return end;
}

async function validByKey(requestKey: string): Promise<Certificate | undefined> {
  const [row] = await selectCertificates(
    and(eq(certificates.requestKey, requestKey), isNull(certificates.revokedAt)),
  );
  return row;
}

/** A volunteer's certificates, newest first. */
export function certificatesOfVolunteer(volunteerId: string): Promise<Certificate[]> {
  return selectCertificates(eq(certificates.volunteerId, volunteerId)).orderBy(
    desc(certificates.issuedAt),
  );
}

/** Every certificate issued in an institution's name, newest first. */
export function certificatesOfInstitution(institutionId: string): Promise<Certificate[]> {
  return selectCertificates(eq(certificates.institutionId, institutionId)).orderBy(
    desc(certificates.issuedAt),
  );
}

/**
 * A certificate its holder or its institution may download; null for anyone else (a 404, like
 * a code that does not exist).
 */
export async function ownCertificate(
  userId: string,
  certificateId: string,
): Promise<Certificate | null> {
  if (!isUuid(certificateId)) return null;
  const [row] = await selectCertificates(eq(certificates.id, certificateId));
  if (!row) return null;
  return row.volunteerId === userId || row.institutionId === userId ? row : null;
}

/**
 * The public lookup by code (already normalized). A code that exists is always answered, however
 * many misses its network made: one guesser behind a university's NAT must not stop a secretary
 * there (ADR 0071). Only codes that find nothing count against the client's network; past the
 * budget they get 429. That a refused guess would have been a hit is still visible (200 against
 * 429), which 60-bit codes make worthless: the limit bounds the cost of guessing, not its odds.
 */
export async function lookUpCertificate(
  code: string,
  network: string,
): Promise<Certificate | null> {
  const [row] = await selectCertificates(eq(certificates.code, code));
  if (row) return row;
  const limit = await hitRateLimit(`certificate-lookup:${network}`, MISSES_PER_NETWORK);
  if (!limit.allowed) throw rateLimitedError(limit.retryAfterSeconds);
  return null;
}

/**
 * The institution revokes a certificate issued in its name (a mistake, hours that were not
 * given): the code then answers "revogado". Revoking twice changes nothing.
 */
export async function revokeCertificate(input: {
  institutionId: string;
  /** The member acting (issue 41); the institution's own account when left out. */
  actorId?: string;
  certificateId: string;
  reason: string;
  now?: Date;
}): Promise<Certificate> {
  const { institutionId, certificateId, reason, now = new Date() } = input;
  const actorId = input.actorId ?? institutionId;
  const certificate = await ownCertificate(institutionId, certificateId);
  if (!certificate || certificate.institutionId !== institutionId) {
    throw new AppError("not-found", CERTIFICATE_MESSAGES.notFound);
  }
  if (certificate.revokedAt) return certificate;
  await db().transaction(async (tx) => {
    const revoked = await tx
      .update(certificates)
      .set({ revokedAt: now, revokedBy: actorId, revokeReason: reason })
      .where(and(eq(certificates.id, certificate.id), isNull(certificates.revokedAt)))
      .returning({ id: certificates.id });
    // Two revocations at once: only the one that changed the row is recorded.
    if (revoked.length === 0) return;
    await recordAudit(tx, {
      actorId,
      action: "certificate.revoke",
      targetType: "certificate",
      targetId: certificate.id,
      details: { name: `Certificado ${formatCertificateCode(certificate.code)}`, reason },
    });
  });
  return (await ownCertificate(institutionId, certificate.id)) ?? certificate;
}
