import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { emailOutbox } from "~/db/schema";
import { headerText } from "~/lib/header-text";
import { log } from "~/lib/log.server";
import { emailKindRule, isEmailKind } from "./email-kinds";
import {
  dueEmailsCondition,
  isDeliverableRecipient,
  onOutboxActivity,
  retryDelaySeconds,
} from "./outbox.server";
import type { SendEmail } from "./transport.server";
import { listUnsubscribeHeaders, optOutUrl } from "./unsubscribe.server";

const POLL_INTERVAL_MS = 5000;
const BATCH_SIZE = 10;
/** A claimed e-mail is invisible to other instances this long; a crash mid-send retries it later. */
const CLAIM_LEASE_SECONDS = 120;

/**
 * Sends queued e-mails. Several app instances may run a worker on one PostgreSQL: each claims
 * due rows with FOR UPDATE SKIP LOCKED and pushes their next attempt past a lease, so a message
 * is sent by one instance; a failure is retried with exponential back-off; unsent mail survives
 * restarts because it lives in the database.
 */
export function startMailWorker(options: { send: SendEmail; from: string }) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;

  const drain = async () => {
    do {
      again = false;
      let batch = await claimDueEmails();
      while (batch.length > 0 && !stopped) {
        for (const email of batch) await deliver(email, options);
        batch = await claimDueEmails();
      }
    } while (again && !stopped);
  };

  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, "mail worker failed"))
      .finally(() => {
        running = undefined;
      });
  };

  const timer = setInterval(tick, POLL_INTERVAL_MS);
  timer.unref();
  const unsubscribe = onOutboxActivity(tick);
  tick();

  return {
    /** Runs one pass now and waits for it (tests, and shutdown's last chance to flush). */
    async flush() {
      tick();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}

async function claimDueEmails() {
  const claimed = await db().execute<{ id: number }>(sql`
    update ${emailOutbox}
    set next_attempt_at = now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})
    where id in (
      select id from ${emailOutbox}
      where ${dueEmailsCondition}
      order by next_attempt_at
      limit ${BATCH_SIZE}
      for update skip locked
    )
    returning id`);
  const ids = claimed.rows.map((row) => Number(row.id));
  if (ids.length === 0) return [];
  return db()
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.id} in (${sql.join(ids, sql`, `)})`);
}

/** The opt-out headers (RFC 8058) for a kind that is not strictly transactional (ADR 0068). */
function optOutHeaders(email: { to: string; kind: string }): Record<string, string> | undefined {
  if (!isEmailKind(email.kind) || emailKindRule(email.kind).transactional) return undefined;
  return listUnsubscribeHeaders(optOutUrl({ address: email.to, kind: email.kind }));
}

async function deliver(
  email: typeof emailOutbox.$inferSelect,
  options: { send: SendEmail; from: string },
): Promise<void> {
  if (!isDeliverableRecipient(email.to)) {
    // Queued before the outbox checked recipients (or written around it): never handed to the
    // mail library, and never retried.
    log.error({ id: email.id, to: email.to, kind: email.kind }, "mail refused: invalid recipient");
    await db()
      .update(emailOutbox)
      .set({
        attempts: email.attempts + 1,
        lastError: "invalid recipient: not exactly one e-mail address",
        // Never due again (a date, not 'infinity': every driver reads it back as one).
        nextAttemptAt: new Date("9999-12-31T00:00:00Z"),
      })
      .where(eq(emailOutbox.id, email.id));
    return;
  }
  try {
    await options.send({
      from: options.from,
      to: email.to,
      // Rows queued before the outbox cleaned subjects: one line, whatever they hold.
      subject: headerText(email.subject),
      text: email.text,
      html: email.html,
      headers: optOutHeaders(email),
    });
    await db()
      .update(emailOutbox)
      .set({ sentAt: new Date(), attempts: email.attempts + 1, lastError: null })
      .where(eq(emailOutbox.id, email.id));
  } catch (error) {
    const attempts = email.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    log.error(
      { to: email.to, subject: email.subject, attempt: attempts, reason: message },
      "mail sending failed",
    );
    await db()
      .update(emailOutbox)
      .set({
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
      })
      .where(eq(emailOutbox.id, email.id));
  }
}
