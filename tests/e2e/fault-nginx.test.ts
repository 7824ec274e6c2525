import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/security/rate-limit.server";
import { HttpClient, type SeededAccount } from "../helpers/accounts";
import { type BalancedPair, startBalancedPair } from "../helpers/balanced-pair";
import { fixtureDatabase } from "../helpers/fault-database";
import { nginxUnavailable } from "../helpers/fault-nginx";
import { skipWithoutPostgres } from "../helpers/postgres";
import type { RunningServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 7, item 5: two app instances behind nginx (round-robin, loopback) on one PostgreSQL
 * database, TRUST_PROXY=true, as the README's "more traffic" section deploys them. A session
 * made through one instance works on the other, and wrong passwords count across both, so the
 * per-account limit holds however nginx spreads the attempts, while the owner's device cookie
 * lets the owner in through either. Each instance's request log says which one answered.
 */

const NGINX_MISSING = nginxUnavailable();
if (NGINX_MISSING) {
  if (process.env.CI) throw new Error(`CI must install nginx (.ci/run): ${NGINX_MISSING}`);
  console.warn(`fault-nginx skipped: ${NGINX_MISSING}`);
}

type Key = "volunteer" | "target";
let instances: RunningServer[] = [];
let nginx: BalancedPair["nginx"] | undefined;
let accounts: Record<Key, SeededAccount>;
let logs = () => "";
const cleanups: (() => Promise<unknown>)[] = [];

describe.skipIf(skipWithoutPostgres() || NGINX_MISSING)("two instances behind nginx", () => {
  beforeAll(async () => {
    const database = await fixtureDatabase({
      accounts: {
        volunteer: { kind: "volunteer", name: "Vera Balanceada" },
        target: { kind: "volunteer", name: "Tânia Visada" },
      },
    });
    cleanups.push(database.drop);
    accounts = database.accounts;
    const pair = await startBalancedPair(database.url);
    cleanups.push(pair.stop);
    ({ instances, nginx } = pair);
    logs = pair.logs;
  });

  afterEach(({ task }) => {
    if (task.result?.state === "fail") console.error(logs());
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  /** How many times each instance logged a request like `pattern` ("POST /auth/login 401"). */
  const served = (pattern: string) =>
    instances.map(
      (instance) =>
        instance
          .logEntries()
          .filter(
            (entry) =>
              entry.msg === "request" &&
              `${entry.method} ${entry.path} ${entry.status}` === pattern,
          ).length,
    );

  /**
   * Per instance, how many requests matching `pattern` it logged since `since`, once the logs
   * hold `total` of them (a request's log line reaches this process through a pipe, a moment
   * after its answer), or as they are after a timeout.
   */
  const servedOnceLogged = async (pattern: string, total: number, since = [0, 0]) => {
    const counts = () => served(pattern).map((count, index) => count - (since[index] ?? 0));
    await waitFor(() => counts().reduce((a, b) => a + b) >= total, {
      timeoutMs: 5_000,
      message: `request log lines ${pattern}`,
    }).catch(() => undefined);
    return counts();
  };

  it("a session made through one instance works on the other", async () => {
    const client = new HttpClient(nginx?.url ?? "");
    const signIn = await client.signIn(accounts.volunteer);
    expect(signIn.status).toBe(302);
    const signIns = await servedOnceLogged("POST /auth/login 302", 1);
    expect(signIns.reduce((a, b) => a + b)).toBe(1);

    // Round-robin: four page views through nginx land on both instances, all signed in.
    for (let i = 0; i < 4; i++) {
      const page = await client.get("/app/voluntario");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Vera Balanceada");
    }
    expect(await servedOnceLogged("GET /app/voluntario 200", 4)).toEqual([2, 2]);

    // And straight to each instance, past nginx: the same cookie is a session on both.
    for (const instance of instances) {
      const direct = await fetch(`${instance.url}/app/voluntario`, {
        headers: { Cookie: client.cookieHeader() },
        redirect: "manual",
      });
      expect(direct.status, instance.url).toBe(200);
    }

    // Signing out through one instance ends the session on both.
    expect((await client.post("/auth/sair", {})).status).toBe(302);
    for (let i = 0; i < 2; i++) {
      const page = await client.get("/app/voluntario");
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/auth\/login/);
    }
  });

  it("wrong passwords count across both instances; the owner's device cookie works on both", async () => {
    const limit = RATE_LIMITS.signInFailuresPerAccount.limit;
    // The owner signed in on this browser before the attack (and signed out): it holds a
    // device cookie for the account.
    const owner = new HttpClient(nginx?.url ?? "");
    expect((await owner.signIn(accounts.target)).status).toBe(302);
    expect((await owner.post("/auth/sair", {})).status).toBe(302);

    const before = served("POST /auth/login 401");
    const answers: number[] = [];
    // One after the other, so nginx alternates: each instance sees about half of them. Each from
    // a client of its own (no device cookie), as an attacker's would be.
    for (let i = 0; i < limit; i++) {
      const client = new HttpClient(nginx?.url ?? "");
      const response = await client.signIn({ email: accounts.target.email, password: "errada123" });
      answers.push(response.status);
    }
    expect(answers).toEqual(Array(limit).fill(401));
    const perInstance = await servedOnceLogged("POST /auth/login 401", limit, before);
    expect(Math.min(...perInstance), "attempts each instance saw").toBeGreaterThanOrEqual(2);
    expect(Math.max(...perInstance)).toBeLessThan(limit);

    // Neither instance alone has seen `limit` failures, yet clients without the device cookie
    // are refused by both (nginx alternates), even with the right password, told how long to wait.
    const refusedBefore = served("POST /auth/login 429");
    for (let i = 0; i < 2; i++) {
      const refused = await new HttpClient(nginx?.url ?? "").signIn(accounts.target);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toMatch(
        /Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\./,
      );
    }
    expect(await servedOnceLogged("POST /auth/login 429", 2, refusedBefore)).toEqual([1, 1]);

    // The owner's browser is let in by both instances: the device cookie is checked with the
    // shared secret, and its own failure count lives in the shared database.
    const ownerBefore = served("POST /auth/login 302");
    for (let i = 0; i < 2; i++) {
      const previous = owner.sessionToken;
      expect((await owner.signIn(accounts.target)).status).toBe(302);
      // A new session each time (not the login page sending a signed-in browser home).
      expect(owner.sessionToken).toBeDefined();
      expect(owner.sessionToken).not.toBe(previous);
    }
    expect(await servedOnceLogged("POST /auth/login 302", 2, ownerBefore)).toEqual([1, 1]);
  });
});
