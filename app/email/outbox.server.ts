import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { isSingleEmailAddress } from "~/lib/email-address";
import type { RenderedEmail } from "./templates.server";

/**
 * A recipient that is not exactly one address (a list, a display name, a line break...). Thrown
 * by enqueueEmail before anything is written: such a message is never queued, so it can never
 * reach the mail library, which would read "a@x, b@y" or a "Bcc:" line as more recipients.
 */
export class InvalidRecipientError extends Error {
  override name = "InvalidRecipientError";
  constructor(readonly recipient: string) {
    super("the recipient is not exactly one e-mail address");
  }
}

/** The outbox's own check, also made by the worker before each send (rows queued earlier). */
export function isDeliverableRecipient(to: unknown): to is string {
  return isSingleEmailAddress(to);
}

/** A transaction or the database: e-mails are queued in the same transaction as their cause. */
type Executor = Pick<Database, "insert">;

export interface QueuedEmail extends RenderedEmail {
  to: string;
  kind: string;
  /** The same logical e-mail is queued once, however often its cause is retried. */
  dedupeKey: string;
}

/**
 * Queues an e-mail; the worker sends it after the transaction commits. Returns false on a
 * duplicate. Throws InvalidRecipientError (nothing queued) unless `to` is exactly one address.
 */
export async function enqueueEmail(executor: Executor, email: QueuedEmail): Promise<boolean> {
  if (!isDeliverableRecipient(email.to)) throw new InvalidRecipientError(email.to);
  const inserted = await executor
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      kind: email.kind,
      dedupeKey: email.dedupeKey,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  notifyOutbox();
  return inserted.length > 0;
}

const listeners = new Set<() => void>();

/** Wakes the worker of this process so a fresh e-mail leaves at once instead of at the next poll. */
function notifyOutbox(): void {
  for (const listener of listeners) queueMicrotask(listener);
}

export function onOutboxActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Retry delay after the n-th failed attempt: 10 s, 20 s, 40 s ... capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

export const dueEmailsCondition = sql`${emailOutbox.sentAt} is null and ${emailOutbox.nextAttemptAt} <= now()`;
