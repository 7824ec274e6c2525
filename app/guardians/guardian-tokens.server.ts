import { randomBytes } from "node:crypto";
import { env } from "~/config/env.server";
import type { Transaction } from "~/db/client.server";
import { guardianTokens } from "~/db/schema";
import { tokenDigest } from "~/lib/token-digest";

/** How long a guardian's link works (ADR 0050). */
export const GUARDIAN_TOKEN_DAYS = 30;

export type GuardianPurpose =
  | { purpose: "ACCOUNT"; agreementId?: undefined }
  | { purpose: "AGREEMENT"; agreementId: string };

/**
 * A new single-purpose link for the guardian: 32 random bytes in the address, their SHA-256 in
 * the table. Returns the full URL of the consent page.
 */
export async function createGuardianLink(
  tx: Transaction,
  input: GuardianPurpose & { volunteerId: string; email: string; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(guardianTokens).values({
    digest: tokenDigest(token),
    volunteerId: input.volunteerId,
    purpose: input.purpose,
    agreementId: input.agreementId ?? null,
    email: input.email,
    expiresAt: new Date(input.now.getTime() + GUARDIAN_TOKEN_DAYS * 86_400_000),
    createdAt: input.now,
  });
  return new URL(`/responsavel/${token}`, env().BASE_URL).toString();
}
