import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isSingleEmailAddress } from "~/lib/email-address";
import { headerText } from "~/lib/header-text";
import { log } from "~/lib/log.server";
import { EMAIL_BUDGET, EMAIL_BUDGET_MESSAGE } from "./email-budget";
import { type EmailKind, emailKindRule, TRANSACTIONAL_KINDS } from "./email-kinds";
import type { RenderedEmail } from "./templates.server";
import { optOutUrl } from "./unsubscribe.server";

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
type Executor = Pick<Database, "insert" | "execute">;

export interface QueuedEmail extends RenderedEmail {
  to: string;
  kind: EmailKind;
  /** The same logical e-mail is queued once, however often its cause is retried. */
  dedupeKey: string;
  /**
   * The account whose action causes the message (its budget pays for it, ADR 0068), or null for
   * the platform's own mail (admins' decisions, scheduled reminders).
   */
  sender: string | null;
  /**
   * Past the sender's budget: "refuse" (the default) throws the AppError the person acting
   * reads, and their transaction does nothing; "drop" leaves the message out (scheduled jobs).
   */
  overSenderBudget?: "refuse" | "drop";
  now?: Date;
}

/** Why a message was not queued (logged; nothing is thrown for these). */
export type Withheld =
  | "duplicate"
  | "opted-out"
  | "unconfirmed"
  | "recipient-budget"
  | "sender-budget";

/**
 * Queues an e-mail; the worker sends it after the transaction commits. Returns false when it
 * is not queued: a duplicate, an address that turned this kind off, an account address not yet
 * confirmed (ADR 0069), or past the recipient's budget or a scheduled sender's (ADR 0068).
 * Throws InvalidRecipientError unless `to` is exactly one address, and AppError "rate-limited"
 * when the sender's action would pass its budget.
 */
export async function enqueueEmail(executor: Executor, email: QueuedEmail): Promise<boolean> {
  if (!isDeliverableRecipient(email.to)) throw new InvalidRecipientError(email.to);
  const now = email.now ?? new Date();
  const withheld = await withheldReason(executor, email, now);
  if (withheld === "sender-budget" && email.overSenderBudget !== "drop") {
    throw new AppError("rate-limited", EMAIL_BUDGET_MESSAGE, { retryAfterSeconds: 3600 });
  }
  if (withheld) {
    log.warn({ kind: email.kind, sender: email.sender, reason: withheld }, "mail withheld");
    return false;
  }
  const rule = emailKindRule(email.kind);
  const footer = rule.transactional ? null : optOutUrl({ address: email.to, kind: email.kind });
  const inserted = await executor
    .insert(emailOutbox)
    .values({
      to: email.to,
      subject: headerText(email.subject),
      text: footer ? `${email.text}\n\n${optOutLine}\n${footer}` : email.text,
      html: footer ? withOptOutLink(email.html, footer) : email.html,
      kind: email.kind,
      dedupeKey: email.dedupeKey,
      senderId: email.sender,
      createdAt: now,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  notifyOutbox();
  return inserted.length > 0;
}

const optOutLine = "Para não receber mais e-mails como este, acesse:";

function withOptOutLink(html: string, url: string): string {
  const escaped = url.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  const line = `<p style="font-size:12px;color:#4b5563;max-width:560px;margin:16px auto 0">Não quer mais receber e-mails como este? <a href="${escaped}" style="color:#0f766e">Cancelar o envio</a>.</p>`;
  return html.includes("</body>") ? html.replace("</body>", `${line}</body>`) : `${html}${line}`;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * One query reads everything the decision needs: the address's opt-outs, whether it is an
 * unconfirmed account's, what it received in the last hour and day, and what the sender's
 * actions caused in the last day (with the sender's profile, which sets its budget).
 */
async function withheldReason(
  executor: Executor,
  email: QueuedEmail,
  now: Date,
): Promise<Withheld | null> {
  const rule = emailKindRule(email.kind);
  const to = email.to.toLowerCase();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const result = await executor.execute<{
    opted_out: boolean | null;
    unconfirmed: boolean | null;
    optional_hour: number | string;
    optional_day: number | string;
    kind_day: number | string;
    sender_day: number | string;
    sender_profile: string | null;
    duplicate: boolean;
  }>(sql`
    select
      (select all_optional or ${email.kind} = any(kinds) from email_opt_outs where address = ${to})
        as opted_out,
      (select not email_verified from users where lower(email) = ${to} limit 1) as unconfirmed,
      (select count(*) filter (where created_at > ${hourAgo.toISOString()}::timestamptz
                                 and not (kind = any(${transactionalArray()})))
         from email_outbox where lower(to_address) = ${to} and created_at > ${dayAgo.toISOString()}::timestamptz)
        as optional_hour,
      (select count(*) from email_outbox where lower(to_address) = ${to}
         and created_at > ${dayAgo.toISOString()}::timestamptz and not (kind = any(${transactionalArray()})))
        as optional_day,
      (select count(*) from email_outbox where lower(to_address) = ${to}
         and created_at > ${dayAgo.toISOString()}::timestamptz and kind = ${email.kind})
        as kind_day,
      (select count(*) from email_outbox where sender_id = ${email.sender}
         and created_at > ${dayAgo.toISOString()}::timestamptz)
        as sender_day,
      (select profile from users where id = ${email.sender}) as sender_profile,
      exists (select 1 from email_outbox where dedupe_key = ${email.dedupeKey}) as duplicate`);
  const row = result.rows[0];
  if (!row) return null;
  if (row.duplicate) return "duplicate";
  if (!rule.transactional && row.opted_out) return "opted-out";
  if (row.unconfirmed && !rule.beforeConfirmation) return "unconfirmed";
  if (rule.perRecipientDay !== undefined && Number(row.kind_day) >= rule.perRecipientDay) {
    return "recipient-budget";
  }
  if (
    !rule.transactional &&
    (Number(row.optional_hour) >= EMAIL_BUDGET.recipientPerHour ||
      Number(row.optional_day) >= EMAIL_BUDGET.recipientPerDay)
  ) {
    return "recipient-budget";
  }
  const senderLimit = row.sender_profile
    ? EMAIL_BUDGET.senderPerDay[row.sender_profile]
    : undefined;
  if (senderLimit !== undefined && Number(row.sender_day) >= senderLimit) return "sender-budget";
  return null;
}

function transactionalArray() {
  return sql`array[${sql.join(
    TRANSACTIONAL_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  )}]::text[]`;
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
