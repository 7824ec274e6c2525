import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { HttpClient, type SeededAccount } from "../helpers/accounts";
import { type BalancedPair, startBalancedPair } from "../helpers/balanced-pair";
import { fixtureDatabase } from "../helpers/fault-database";
import { nginxUnavailable } from "../helpers/fault-nginx";
import { skipWithoutPostgres } from "../helpers/postgres";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 40, item 6: a rolling restart. Two instances on one PostgreSQL behind nginx (as the
 * README's "more traffic" deploys them) serve a steady load of page views, signed-in pages and
 * form posts that queue e-mails; one instance is stopped with SIGTERM and a new one started on
 * its port, as a deploy replaces it. Not one request fails (no 5xx, no refused or reset
 * connection), the replacement serves, and every e-mail queued before, during and after is sent
 * once by one instance or the other.
 */

const NGINX_MISSING = nginxUnavailable();
if (NGINX_MISSING) {
  if (process.env.CI) throw new Error(`CI must install nginx (.ci/run): ${NGINX_MISSING}`);
  console.warn(`rolling-restart skipped: ${NGINX_MISSING}`);
}

interface Answer {
  phase: string;
  what: string;
  status: number;
  error?: string;
}

let pair: BalancedPair | undefined;
let account: SeededAccount;
let databaseUrl: string;
const cleanups: (() => Promise<unknown>)[] = [];

describe.skipIf(skipWithoutPostgres() || NGINX_MISSING)("a rolling restart behind nginx", () => {
  beforeAll(async () => {
    const database = await fixtureDatabase({
      accounts: { volunteer: { kind: "volunteer", name: "Rita Contínua" } },
    });
    cleanups.push(database.drop);
    account = database.accounts.volunteer;
    databaseUrl = database.url;
    pair = await startBalancedPair(database.url);
    cleanups.push(pair.stop);
  });

  afterEach(({ task }) => {
    if (task.result?.state === "fail") console.error(pair?.logs());
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("loses no request and no e-mail while one of two instances is replaced", async () => {
    if (!pair) throw new Error("the pair starts in beforeAll");
    const base = pair.nginx.url;
    const signedIn = new HttpClient(base);
    expect((await signedIn.signIn(account)).status).toBe(302);

    const answers: Answer[] = [];
    let phase = "before";
    let stopped = false;
    let forgotten = 0;
    // Each worker repeats one kind of request: public pages, a signed-in page, and a form post
    // that queues an e-mail (a password reset asked for a fresh address each time, from its own
    // client address so no rate limit answers instead).
    const kinds: Record<string, () => Promise<Response>> = {
      "public page": () => fetch(`${base}/eventos`, { redirect: "manual" }),
      "signed-in page": () => signedIn.get("/app/voluntario"),
      "form post": () => {
        forgotten += 1;
        return new HttpClient(base).post("/auth/esqueci-minha-senha", {
          email: forgotten % 2 === 0 ? account.email : `ninguem${forgotten}@teste.org`,
        });
      },
    };
    const workers = Object.entries(kinds).map(async ([what, request]) => {
      while (!stopped) {
        const answer: Answer = { phase, what, status: 0 };
        try {
          const response = await request();
          answer.status = response.status;
          await response.arrayBuffer();
        } catch (error) {
          answer.error = error instanceof Error ? error.message : String(error);
        }
        answers.push(answer);
      }
    });
    const answered = (inPhase: string) => answers.filter((answer) => answer.phase === inPhase);
    await waitFor(() => answered("before").length >= 30, { timeoutMs: 60_000 });

    phase = "restart";
    const [old] = pair.instances as [RunningServer, RunningServer];
    expect((await old.stop()).code).toBe(0);
    const replacement = await startServer({ env: pair.env, port: old.port });
    pair.instances[0] = replacement;

    phase = "after";
    await waitFor(() => answered("after").length >= 30, { timeoutMs: 60_000 });
    stopped = true;
    await Promise.all(workers);

    const failures = answers.filter((answer) => answer.status === 0 || answer.status >= 500);
    // What each phase got, e.g. "restart form post 200": 31, for a failure's message.
    const tally: Record<string, number> = {};
    for (const { phase: when, what, status } of answers) {
      const key = `${when} ${what} ${status}`;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    expect(failures, JSON.stringify({ failures: failures.slice(0, 5), tally })).toEqual([]);
    expect(answered("restart").length).toBeGreaterThan(0);
    for (const what of Object.keys(kinds)) {
      expect(
        answers.filter((answer) => answer.what === what && answer.phase === "after").length,
        what,
      ).toBeGreaterThan(0);
    }
    // The replacement took its share once nginx saw it again.
    await waitFor(
      () =>
        replacement.logEntries().some((entry) => entry.msg === "request" && entry.status === 200),
      { timeoutMs: 30_000, message: "the replacement to serve a request" },
    );

    // Every e-mail queued through the restart leaves exactly once (the outbox's rows are claimed
    // by one instance each, and the stopped one finished the batch it held before exiting).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await waitFor(
        async () =>
          Number(
            (await client.query("select count(*) as n from email_outbox where sent_at is null"))
              .rows[0]?.n,
          ) === 0,
        { timeoutMs: 60_000, message: "every queued e-mail to be sent" },
      );
      const queued = Number(
        (
          await client.query(
            "select count(*) as n from email_outbox where kind = 'password-reset' and attempts = 1",
          )
        ).rows[0]?.n,
      );
      expect(queued).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });
});
