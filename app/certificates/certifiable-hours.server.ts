import { eq } from "drizzle-orm";
import { termoMissing } from "~/agreements/agreement-gate.server";
import { db } from "~/db/client.server";
import { certificates } from "~/db/schema";
import { type ConfirmedHours, confirmedHoursOf } from "~/hours/confirmed-hours.server";
import { CERTIFICATE_MESSAGES } from "./certificate-messages";

/** Who asks: the volunteer (self-serve) or the institution whose hours they are. */
export type CertificateIssuerRole = "VOLUNTEER" | "INSTITUTION";

/** A confirmed row with what keeps it out of a certificate, if anything (pt-BR), or null. */
export interface CertifiableHours extends ConfirmedHours {
  blocked: string | null;
}

interface CoverRecord {
  hourIds: string[];
  issuedAt: Date;
  issuedByRole: string;
  revokedAt: Date | null;
}

/**
 * A person's confirmed rows with more than zero minutes, each with what keeps it out of a
 * certificate (ADR 0070):
 * - its termo is not accepted (or, for a minor, not consented to by the guardian);
 * - for the volunteer, a revoked certificate covered it and the institution has not vouched for
 *   it since: decided it again (a correction, after the revocation) or certified it itself in
 *   a certificate issued after the revocation. The institution may always certify its own
 *   confirmed rows: doing so is vouching for them again.
 */
export async function certifiableHoursOf(
  filter: { volunteerId: string; institutionId?: string; from?: string; to?: string },
  role: CertificateIssuerRole,
): Promise<CertifiableHours[]> {
  const rows = (await confirmedHoursOf(db(), filter)).filter((row) => row.minutes > 0);
  if (rows.length === 0) return [];
  const covers: CoverRecord[] =
    role === "VOLUNTEER"
      ? await db()
          .select({
            hourIds: certificates.hourIds,
            issuedAt: certificates.issuedAt,
            issuedByRole: certificates.issuedByRole,
            revokedAt: certificates.revokedAt,
          })
          .from(certificates)
          .where(eq(certificates.volunteerId, filter.volunteerId))
      : [];
  const audience = role === "VOLUNTEER" ? "volunteer" : "institution";
  return rows.map((row) => ({
    ...row,
    blocked:
      termoMissing(row.termo, audience) ??
      (heldByRevocation(row, covers) ? CERTIFICATE_MESSAGES.heldByRevocation : null),
  }));
}

function heldByRevocation(row: ConfirmedHours, covers: CoverRecord[]): boolean {
  return covers.some(
    (revoked) =>
      revoked.revokedAt !== null &&
      revoked.hourIds.includes(row.id) &&
      (row.decidedAt === null || row.decidedAt <= revoked.revokedAt) &&
      !covers.some(
        (vouched) =>
          vouched.revokedAt === null &&
          vouched.issuedByRole === "INSTITUTION" &&
          vouched.hourIds.includes(row.id) &&
          vouched.issuedAt >= (revoked.revokedAt as Date),
      ),
  );
}
