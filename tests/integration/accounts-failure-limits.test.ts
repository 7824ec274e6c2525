import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits } from "~/db/schema";
import {
  beginFailureAttempt,
  type FailureBudget,
  hitRateLimit,
} from "~/security/rate-limit.server";
import { databaseForFile } from "../helpers/database";

/**
 * Issue 11: limits that count failures only (ADR 0013), on a real database (PGlite and
 * PostgreSQL). An attempt is counted before its check and given back when it did not fail, so
 * successes never count and concurrent guesses cannot slip past the limit together. Time is moved
 * by ageing the counter's row, never waited for.
 */

const database = databaseForFile();

function budget(limit: number, windowSeconds = 15 * 60): FailureBudget {
  return { key: `teste:${randomUUID()}`, rule: { limit, windowSeconds } };
}

async function counted(key: string): Promise<number | undefined> {
  const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
  return row?.count;
}

/** Moves the counter's window `seconds` into the past. */
async function age(key: string, seconds: number): Promise<void> {
  await database.db
    .update(rateLimits)
    .set({
      windowStartedAt: sql`${rateLimits.windowStartedAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(rateLimits.key, key));
}

describe("beginFailureAttempt", () => {
  it("successes never count: attempts given back leave the budget whole", async () => {
    const rule = budget(3);
    for (let attempt = 0; attempt < 20; attempt++) {
      const started = await beginFailureAttempt([rule]);
      expect(started.allowed, `attempt ${attempt}`).toBe(true);
      if (started.allowed) await started.settle();
    }
    expect(await counted(rule.key)).toBe(0);
    // The whole budget of failures is still there.
    for (let failure = 0; failure < 3; failure++) {
      expect((await beginFailureAttempt([rule])).allowed).toBe(true);
    }
    expect((await beginFailureAttempt([rule])).allowed).toBe(false);
  });

  it("concurrent failures are counted like sequential ones: exactly `limit` get through", async () => {
    const rule = budget(5);
    const started = await Promise.all(
      Array.from({ length: 20 }, () => beginFailureAttempt([rule])),
    );
    expect(started.filter((attempt) => attempt.allowed)).toHaveLength(5);
    expect(await counted(rule.key)).toBe(5);
  });

  it("a refused attempt takes nothing from any budget and says how long to wait", async () => {
    const full = budget(1);
    const other = budget(10);
    expect((await beginFailureAttempt([full])).allowed).toBe(true);
    const refused = await beginFailureAttempt([other, full]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) {
      expect(refused.refused.map(({ key }) => key)).toEqual([full.key]);
      expect(refused.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    expect(await counted(full.key)).toBe(1);
    expect(await counted(other.key)).toBe(0);
  });

  it("the wait shrinks as the window passes, and the budget returns when it ends", async () => {
    const rule = budget(2);
    await beginFailureAttempt([rule]);
    await beginFailureAttempt([rule]);
    await age(rule.key, 10 * 60);
    const refused = await beginFailureAttempt([rule]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(Math.ceil(refused.retryAfterSeconds / 60)).toBe(5);
    await age(rule.key, 5 * 60);
    expect((await beginFailureAttempt([rule])).allowed).toBe(true);
    expect(await counted(rule.key)).toBe(1);
  });

  it("after every attempt was given back, the next failure starts a window of its own", async () => {
    const rule = budget(2);
    const success = await beginFailureAttempt([rule]);
    if (success.allowed) await success.settle();
    await age(rule.key, 14 * 60);
    // Without a fresh window these two failures would be forgotten a minute from now.
    await beginFailureAttempt([rule]);
    await beginFailureAttempt([rule]);
    await age(rule.key, 60);
    const refused = await beginFailureAttempt([rule]);
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(13 * 60);
  });

  it("hitRateLimit still counts every attempt (the limits on requests, not on failures)", async () => {
    const rule = budget(2);
    expect((await hitRateLimit(rule.key, rule.rule)).allowed).toBe(true);
    expect((await hitRateLimit(rule.key, rule.rule)).allowed).toBe(true);
    expect((await hitRateLimit(rule.key, rule.rule)).allowed).toBe(false);
  });
});
