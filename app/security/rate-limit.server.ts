import { createHash } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { AppError } from "~/lib/app-error";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * docs/design.md section 8: limits on the doors an attacker would knock on. "PerNetwork" limits count
 * per client network (`clientContext.network`: the IPv4 address, the IPv6 /64), sized for a
 * school, an ONG or a mobile carrier's shared address; ADR 0013 gives the reasoning.
 */
export const RATE_LIMITS = {
  /** Wrong passwords from one network, any accounts (successes are given back). */
  signInFailuresPerNetwork: { limit: 100, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from clients without its device cookie. */
  signInFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords from one trusted device (a valid device cookie for the account). */
  signInFailuresPerDevice: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong current passwords on change-password and account deletion, per account. */
  currentPasswordFailuresPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  signUpPerNetwork: { limit: 150, windowSeconds: 60 * 60 },
  emailCheckPerNetwork: { limit: 120, windowSeconds: 15 * 60 },
  forgotPasswordPerNetwork: { limit: 100, windowSeconds: 60 * 60 },
  forgotPasswordPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  // Input hardening (issue 11, docs/decisions/0016 and 0017). Per address = per IPv4 address or
  // IPv6 /64 (clientContext's `network`).
  /** New sign-up drafts: two school classes (~80 people) in one lab hour, two tries each, ~200. */
  signupDraftPerNetwork: { limit: 200, windowSeconds: 60 * 60 },
  /** "CNPJ já cadastrado" answers, as many as the e-mail check allows. */
  cnpjCheckPerNetwork: { limit: 30, windowSeconds: 15 * 60 },
  /** Images decoded for one account: a profile's two pictures and event covers, with retries. */
  imageUploadPerAccount: { limit: 30, windowSeconds: 60 * 60 },
  /** Images decoded for sign-ups from one address: the drafts' budget, one photo or two each. */
  signupImageUploadPerNetwork: { limit: 300, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The refusal (docs/spec.md's "Muitas tentativas...") with the wait rounded up to what a person reads at a glance: whole minutes up to
 * two hours ("Aguarde 1 minuto", "Aguarde 12 minutos"), then whole hours. Rounded up, so
 * whoever waits that long is let in.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `Muitas tentativas. Aguarde ${waitText(retryAfterSeconds)} e tente novamente.`;
}

function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
  return `${Math.ceil(minutes / 60)} horas`;
}

/** What a domain function stopped by a limit throws; routes answer 429 with Retry-After. */
export function rateLimitedError(retryAfterSeconds: number): AppError {
  return new AppError("rate-limited", rateLimitedMessage(retryAfterSeconds), {
    retryAfterSeconds,
  });
}

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` and says whether it is within the rule. One atomic upsert:
 * concurrent requests on any instance see one counter, and a finished window starts afresh (as
 * does one whose attempts were all given back, see `refundRateLimit`).
 */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const storedKey = storageKey(key);
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`(${rateLimits.windowStartedAt} <= now() - ${window} or ${rateLimits.count} <= 0)`;
  const result = await db().execute<{ count: number; retry_after: number }>(sql`
    insert into ${rateLimits} (key, count, window_started_at) values (${storedKey}, 1, now())
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
      window_started_at = case when ${expired} then now() else ${rateLimits.windowStartedAt} end
    returning count,
      ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after`);
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)),
  };
}

/** Gives back one attempt counted by `hitRateLimit` in the current window. */
export async function refundRateLimit(key: string, rule: RateLimitRule): Promise<void> {
  await db().execute(sql`
    update ${rateLimits} set count = ${rateLimits.count} - 1
    where key = ${storageKey(key)} and ${rateLimits.count} > 0
      and ${rateLimits.windowStartedAt} > now() - make_interval(secs => ${rule.windowSeconds})`);
}

/** Forgets a counter (a password reset clears the account's sign-in lockout). */
export async function clearRateLimit(key: string): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(eq(rateLimits.key, storageKey(key)));
}

export interface FailureBudget {
  key: string;
  rule: RateLimitRule;
}

export type FailureAttempt =
  | { allowed: false; retryAfterSeconds: number; refused: FailureBudget[] }
  | {
      allowed: true;
      /** The attempt did not fail (right password, or our own error): it is given back. */
      settle: () => Promise<void>;
    };

/**
 * Limits on failures only (wrong passwords), never on successes. The attempt is counted against
 * every budget before the check it guards, so concurrent guesses cannot all slip in under the
 * limit together; one that turns out not to be a failure is given back with `settle()`. When a
 * budget is spent the attempt is refused, nothing stays counted, and the answer says how long
 * until the longest of the refusing windows ends.
 */
export async function beginFailureAttempt(budgets: FailureBudget[]): Promise<FailureAttempt> {
  const results = await Promise.all(budgets.map(({ key, rule }) => hitRateLimit(key, rule)));
  const giveBack = () => Promise.all(budgets.map(({ key, rule }) => refundRateLimit(key, rule)));
  const refused = budgets.filter((_, index) => !results[index]?.allowed);
  if (refused.length > 0) {
    await giveBack();
    const retryAfterSeconds = Math.max(
      ...results.filter((result) => !result.allowed).map((result) => result.retryAfterSeconds),
    );
    return { allowed: false, retryAfterSeconds, refused };
  }
  return { allowed: true, settle: async () => void (await giveBack()) };
}

/**
 * Keys carry what the client typed (an e-mail). A huge one would not fit the primary key's
 * index and a NUL character cannot be stored: such keys are kept as their digest, still one
 * counter per distinct key.
 */
function storageKey(key: string): string {
  if (key.length <= 200 && !key.includes("\u0000")) return key;
  return `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/** Forgets finished windows; called from housekeeping so the table stays small. */
export async function pruneRateLimits(olderThanSeconds = 24 * 60 * 60): Promise<void> {
  await db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`));
}
