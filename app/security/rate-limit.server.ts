import { createHash } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** DESIGN.md section 8: limits on the doors an attacker would knock on. */
export const RATE_LIMITS = {
  signInPerIp: { limit: 20, windowSeconds: 15 * 60 },
  signInPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  signUpPerIp: { limit: 10, windowSeconds: 60 * 60 },
  emailCheckPerIp: { limit: 30, windowSeconds: 15 * 60 },
  forgotPasswordPerIp: { limit: 10, windowSeconds: 60 * 60 },
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

export const RATE_LIMITED_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt against `key` and says whether it is within the rule. One atomic upsert:
 * concurrent requests on any instance see one counter, and a finished window starts afresh.
 */
export async function hitRateLimit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
  const storedKey = storageKey(key);
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const result = await db().execute<{ count: number; retry_after: number }>(sql`
    insert into ${rateLimits} (key, count, window_started_at) values (${storedKey}, 1, now())
    on conflict (key) do update set
      count = case when ${rateLimits.windowStartedAt} <= now() - ${window} then 1
                   else ${rateLimits.count} + 1 end,
      window_started_at = case when ${rateLimits.windowStartedAt} <= now() - ${window} then now()
                   else ${rateLimits.windowStartedAt} end
    returning count,
      ceil(extract(epoch from (window_started_at + ${window} - now())))::int as retry_after`);
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  return {
    allowed: count <= rule.limit,
    retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 1)),
  };
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
