import { randomBytes } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { env } from "~/config/env.server";
import { db, type Transaction } from "~/db/client.server";
import { emailConfirmations, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { type RenderedEmail, renderEmail } from "~/email/templates.server";
import { AppError } from "~/lib/app-error";
import { tokenDigest } from "~/lib/token-digest";
import { CONFIRMATION_MESSAGES, EMAIL_CONFIRMATION_HOURS } from "./email-confirmation-messages";

/**
 * Confirming the address a person signed up with (ADR 0069): a single-use link that works for
 * EMAIL_CONFIRMATION_HOURS, kept as its SHA-256 only (like the reset links of ADR 0014). Until it
 * is used the outbox sends that address only what the person asked for (email-kinds.ts).
 */
/** "Reenviar e-mail de confirmação": this many links an hour per account. */
export const CONFIRMATION_RESENDS_PER_HOUR = 3;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{40,50}$/;

function confirmationEmail(input: { name: string; url: string }): RenderedEmail {
  const appName = env().APP_NAME;
  return renderEmail({
    subject: `Confirme seu e-mail - ${appName}`,
    greeting: `Olá, ${input.name}!`,
    paragraphs: [
      `Sua conta no ${appName} foi criada com este e-mail. Para receber os avisos das instituições e dos eventos, confirme que ele é seu.`,
      `O link vale por ${EMAIL_CONFIRMATION_HOURS} horas e só pode ser usado uma vez.`,
    ],
    action: { label: "Confirmar meu e-mail", url: input.url },
    footnote:
      "Se você não criou essa conta, ignore este e-mail: sem a confirmação, não enviaremos outros avisos para este endereço.",
  });
}

/** Queues a new confirmation link for the account, in the caller's transaction. */
export async function sendEmailConfirmation(
  tx: Transaction,
  input: { userId: string; email: string; name: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const token = randomBytes(32).toString("base64url");
  await tx.insert(emailConfirmations).values({
    digest: tokenDigest(token),
    userId: input.userId,
    email: input.email,
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRMATION_HOURS * 3_600_000),
    createdAt: now,
  });
  const url = new URL("/auth/confirmar-email", env().BASE_URL);
  url.searchParams.set("token", token);
  await enqueueEmail(tx, {
    to: input.email,
    kind: "email-confirmation",
    dedupeKey: `email-confirmation:${tokenDigest(token)}`,
    sender: input.userId,
    now,
    ...confirmationEmail({ name: input.name, url: url.toString() }),
  });
}

/**
 * The sign-up's confirmation e-mail, queued once the account exists (the wizard's last step).
 * The person is signed in either way; a failure here leaves "Reenviar" in their area.
 */
export async function startEmailConfirmation(userId: string, now = new Date()): Promise<void> {
  await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId));
    if (user) await sendEmailConfirmation(tx, { userId, email: user.email, name: user.name, now });
  });
}

/** "Reenviar e-mail de confirmação" from the member area. */
export async function resendEmailConfirmation(userId: string, now = new Date()): Promise<void> {
  await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name, verified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new AppError("not-found", CONFIRMATION_MESSAGES.invalid);
    if (user.verified) throw new AppError("conflict", CONFIRMATION_MESSAGES.alreadyConfirmed);
    const [recent] = await tx
      .select({ links: count() })
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.userId, userId),
          gt(emailConfirmations.createdAt, new Date(now.getTime() - 3_600_000)),
        ),
      );
    if ((recent?.links ?? 0) >= CONFIRMATION_RESENDS_PER_HOUR) {
      throw new AppError("rate-limited", CONFIRMATION_MESSAGES.tooMany, {
        retryAfterSeconds: 3600,
      });
    }
    await sendEmailConfirmation(tx, { userId, email: user.email, name: user.name, now });
  });
}

/** Whether the signed-in person's address still waits for confirmation (the member banner). */
export async function emailAwaitsConfirmation(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ? !row.verified : false;
}

/**
 * Uses a confirmation link: the account's address is confirmed if it is still the one the link
 * was sent to. A used link answers "already" (a second click); unknown or expired ones refuse.
 */
export async function confirmEmail(
  token: string,
  now = new Date(),
): Promise<"confirmed" | "already"> {
  if (!TOKEN_SHAPE.test(token)) throw new AppError("not-found", CONFIRMATION_MESSAGES.invalid);
  return db().transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.digest, tokenDigest(token)))
      .for("update");
    if (!link) throw new AppError("not-found", CONFIRMATION_MESSAGES.invalid);
    if (link.usedAt) return "already";
    if (link.expiresAt <= now) throw new AppError("conflict", CONFIRMATION_MESSAGES.expired);
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(eq(emailConfirmations.digest, link.digest));
    const confirmed = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = lower(${link.email})`))
      .returning({ id: users.id });
    if (confirmed.length === 0) throw new AppError("conflict", CONFIRMATION_MESSAGES.invalid);
    return "confirmed";
  });
}
