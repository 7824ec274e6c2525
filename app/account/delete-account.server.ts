import { and, eq, inArray, like, or, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { auth } from "~/auth/auth.server";
import { cookieAttributes } from "~/config/cookie-attributes.server";
import { db } from "~/db/client.server";
import { accounts, agreements, emailOutbox, users, volunteerRequests } from "~/db/schema";
import { log } from "~/lib/log.server";

/** True when `password` is the account's current password (better-auth's own hash check). */
export async function verifyAccountPassword(userId: string, password: string): Promise<boolean> {
  const [credential] = await db()
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")))
    .limit(1);
  if (!credential?.hash) return false;
  return (await auth().$context).password.verify({ hash: credential.hash, password });
}

/**
 * Deletes a person's account (LGPD art. 18, VI). Removing the users row cascades to everything
 * keyed on it (schema.ts): sessions, credentials, photos and other images, the volunteer or
 * institution profile, an institution's events (so they leave the public site) and the
 * applications sent or received. Queued e-mails to the person, and those carrying one of their
 * applications, go too. One audit row keeps the fact (user id and profile only), with no actor:
 * the actor no longer exists.
 */
export async function deleteAccount(userId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, profile: users.profile })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return;
    const applications = await tx
      .select({ id: volunteerRequests.id })
      .from(volunteerRequests)
      .where(
        or(eq(volunteerRequests.volunteerId, userId), eq(volunteerRequests.institutionId, userId)),
      );
    const dedupeKeys = applications.flatMap(({ id }) => [
      `volunteer-application:${id}`,
      `application-decision:${id}:ACCEPTED`,
      `application-decision:${id}:DECLINED`,
    ]);
    await tx
      .delete(emailOutbox)
      .where(
        dedupeKeys.length > 0
          ? or(
              sql`lower(${emailOutbox.to}) = lower(${user.email})`,
              inArray(emailOutbox.dedupeKey, dedupeKeys),
            )
          : sql`lower(${emailOutbox.to}) = lower(${user.email})`,
      );
    // Unsent e-mails to a minor's guardian carry the person's name (ADR 0050): they go too.
    // The termos themselves go with the users row (ADR 0049).
    await tx.delete(emailOutbox).where(
      or(
        like(emailOutbox.dedupeKey, `guardian-account:${userId}:%`),
        inArray(
          emailOutbox.dedupeKey,
          tx
            .select({ key: sql<string>`'guardian-agreement:' || ${agreements.id}` })
            .from(agreements)
            .where(eq(agreements.volunteerId, userId)),
        ),
      ),
    );
    await recordAudit(tx, {
      actorId: null,
      action: "account.delete",
      targetType: "user",
      targetId: userId,
      // "self": the person deleted their own account (the admin's deletions name the admin).
      details: { profile: user.profile, by: "self" },
    });
    await tx.delete(users).where(eq(users.id, userId));
  });
}

/** The Set-Cookie headers that end the browser's session (its database row is already gone). */
export async function signOutCookies(headers: Headers): Promise<string[]> {
  try {
    const { headers: authHeaders } = await auth().api.signOut({ headers, returnHeaders: true });
    return authHeaders.getSetCookie();
  } catch (error) {
    log.error({ err: error }, "sign-out after account deletion failed");
    const { sessionToken } = (await auth().$context).authCookies;
    return [`${sessionToken.name}=; ${cookieAttributes()}; Max-Age=0`];
  }
}
