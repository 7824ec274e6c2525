import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { scrapedGauge } from "~/lib/metrics.server";

/**
 * The outbox as a monitoring system sees it (ADR 0074): e-mails waiting, those whose last attempt
 * failed (retrying: the worker tries again with backoff), and the age of the oldest waiting one, which grows without bound
 * when delivery has stopped. Read from the database when Prometheus scrapes, so every instance
 * reports the same shared queue; one query serves the scrape's two gauges.
 */
interface OutboxState {
  pending: number;
  retrying: number;
  oldestSeconds: number;
}

/** Both gauges of one scrape share one read. */
const READ_SHARED_MS = 1_000;
let lastRead: { at: number; state: Promise<OutboxState> } | undefined;

async function readOutbox(): Promise<OutboxState> {
  // Only unsent rows: the partial index email_outbox_due_idx holds exactly those.
  const result = await db().execute<{ pending: string; retrying: string; oldest: string | null }>(
    sql`select count(*) as pending, count(*) filter (where attempts > 0) as retrying,
      extract(epoch from now() - min(created_at)) as oldest
      from email_outbox where sent_at is null`,
  );
  const row = result.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    retrying: Number(row?.retrying ?? 0),
    oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
  };
}

function outboxState(): Promise<OutboxState> {
  const now = Date.now();
  if (!lastRead || now - lastRead.at > READ_SHARED_MS) {
    lastRead = { at: now, state: readOutbox() };
  }
  return lastRead.state;
}

let registered = false;

/** Adds the outbox's gauges to the metrics (once per process; the server calls it at boot). */
export function registerOutboxMetrics(): void {
  if (registered) return;
  registered = true;
  scrapedGauge({
    name: "conecta_outbox_emails",
    help: "E-mails not yet sent: all of them (pending) and those whose last attempt failed (retrying).",
    labelNames: ["state"] as const,
    read: async () => {
      const state = await outboxState();
      return [
        { labels: { state: "pending" }, value: state.pending },
        { labels: { state: "retrying" }, value: state.retrying },
      ];
    },
  });
  scrapedGauge({
    name: "conecta_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest e-mail not yet sent (0 when none waits).",
    read: async () => [{ value: (await outboxState()).oldestSeconds }],
  });
}
