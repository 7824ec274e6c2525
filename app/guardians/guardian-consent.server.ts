import { and, eq, isNull } from "drizzle-orm";
import { db, type Transaction } from "~/db/client.server";
import { agreements, guardianTokens, institutions, users, volunteers } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { AppError } from "~/lib/app-error";
import { tokenDigest } from "~/lib/token-digest";
import { guardianAccountEmail } from "./guardian-emails.server";
import { GUARDIAN_MESSAGES } from "./guardian-messages";
import { createGuardianLink } from "./guardian-tokens.server";

/**
 * A minor's guardian consents (ADR 0050) through a link e-mailed to them: to the account, or to
 * one termo. The consent is recorded like the volunteer's acceptance: the name the guardian
 * typed, when, from which address, and for a termo the hash of the text they read.
 */

/** What a link's token looks like (base64url of 32 bytes); anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

export interface GuardianRequest {
  purpose: "ACCOUNT" | "AGREEMENT";
  state: "open" | "used" | "expired";
  volunteerName: string;
  guardianEmail: string;
  agreement: {
    body: string;
    bodySha256: string;
    activity: string;
    institutionName: string;
  } | null;
  consentedAt: Date | null;
}

/** What a guardian's link asks for, or null when no such link exists. */
export async function findGuardianRequest(
  token: string,
  now = new Date(),
): Promise<GuardianRequest | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [row] = await db()
    .select({
      purpose: guardianTokens.purpose,
      email: guardianTokens.email,
      expiresAt: guardianTokens.expiresAt,
      usedAt: guardianTokens.usedAt,
      volunteerName: users.name,
      body: agreements.body,
      bodySha256: agreements.bodySha256,
      activity: agreements.activity,
      institutionName: institutions.name,
    })
    .from(guardianTokens)
    .innerJoin(users, eq(users.id, guardianTokens.volunteerId))
    .leftJoin(agreements, eq(agreements.id, guardianTokens.agreementId))
    .leftJoin(institutions, eq(institutions.userId, agreements.institutionId))
    .where(eq(guardianTokens.digest, tokenDigest(token)));
  if (!row) return null;
  const purpose = row.purpose === "AGREEMENT" ? "AGREEMENT" : "ACCOUNT";
  return {
    purpose,
    state: row.usedAt ? "used" : row.expiresAt <= now ? "expired" : "open",
    volunteerName: row.volunteerName,
    guardianEmail: row.email,
    agreement:
      purpose === "AGREEMENT" && row.body && row.bodySha256
        ? {
            body: row.body,
            bodySha256: row.bodySha256,
            activity: row.activity ?? "",
            institutionName: row.institutionName ?? "",
          }
        : null,
    consentedAt: row.usedAt,
  };
}

/**
 * Records the guardian's consent and spends the link. A link already used changes nothing (a
 * double click); an expired or unknown one is refused.
 */
export async function consentAsGuardian(input: {
  token: string;
  name: string;
  /** For a termo: the hash of the text the page showed. */
  sha256: string | null;
  ip: string;
  now?: Date;
}): Promise<"consented" | "already"> {
  const now = input.now ?? new Date();
  if (!TOKEN_SHAPE.test(input.token)) {
    throw new AppError("not-found", GUARDIAN_MESSAGES.notFound);
  }
  return db().transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(guardianTokens)
      .where(eq(guardianTokens.digest, tokenDigest(input.token)))
      .for("update");
    if (!link) throw new AppError("not-found", GUARDIAN_MESSAGES.notFound);
    if (link.usedAt) return "already";
    if (link.expiresAt <= now) throw new AppError("conflict", GUARDIAN_MESSAGES.expired);
    if (link.purpose === "AGREEMENT" && link.agreementId) {
      const [agreement] = await tx
        .select({ sha: agreements.bodySha256 })
        .from(agreements)
        .where(eq(agreements.id, link.agreementId));
      if (!agreement) throw new AppError("not-found", GUARDIAN_MESSAGES.notFound);
      if (agreement.sha !== input.sha256) {
        throw new AppError("conflict", GUARDIAN_MESSAGES.changed);
      }
      await tx
        .update(agreements)
        .set({
          guardianName: input.name,
          guardianEmail: link.email,
          guardianConsentedAt: now,
          guardianConsentIp: input.ip,
        })
        .where(and(eq(agreements.id, link.agreementId), isNull(agreements.guardianConsentedAt)));
    } else {
      await tx
        .update(volunteers)
        .set({
          guardianConsentedAt: now,
          guardianConsentIp: input.ip,
          guardianConsentName: input.name,
        })
        .where(
          and(eq(volunteers.userId, link.volunteerId), eq(volunteers.guardianEmail, link.email)),
        );
    }
    await tx
      .update(guardianTokens)
      .set({ usedAt: now })
      .where(eq(guardianTokens.digest, link.digest));
    return "consented";
  });
}

/**
 * E-mails the guardian a link to consent to the account: on sign-up, and when "Editar perfil"
 * names another guardian (whose consent is then asked afresh).
 */
export async function askGuardianForAccount(
  tx: Transaction,
  input: {
    volunteerId: string;
    volunteerName: string;
    guardianName: string;
    guardianEmail: string;
    now?: Date;
  },
): Promise<void> {
  const now = input.now ?? new Date();
  const url = await createGuardianLink(tx, {
    purpose: "ACCOUNT",
    volunteerId: input.volunteerId,
    email: input.guardianEmail,
    now,
  });
  await enqueueEmail(tx, {
    to: input.guardianEmail,
    kind: "guardian-account",
    sender: input.volunteerId,
    now,
    dedupeKey: `guardian-account:${input.volunteerId}:${input.guardianEmail}:${now.getTime()}`,
    ...guardianAccountEmail({
      guardianName: input.guardianName,
      volunteerName: input.volunteerName,
      url,
    }),
  });
}
