import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SERVER_MALLOC_ENV } from "../../server/malloc-env.js";
import {
  type AccountSpec,
  HttpClient,
  type SeededAccount,
  seedAccounts,
} from "../helpers/accounts";
import { startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure } from "../helpers/members";
import { createScratchDatabase, postgresTestUrl } from "../helpers/postgres";
import { isAlive } from "../helpers/processes";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor } from "../helpers/wait";

/**
 * Issue 11, item 2: `npm start` runs the server under a supervisor (server/supervise.js). The
 * server process is killed with SIGKILL under light load, right after it acknowledged a write;
 * a new one is serving within 5 s (on a quiet machine: on a busy one, within twice the time the
 * first start took in the same test, ADR 0073) on the same embedded database (the dead process's
 * lock taken over), with the acknowledged write and the signed-in session still there. SIGTERM then stops
 * both processes cleanly, and a supervisor that is itself killed takes its server down with it.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL names a server (always in CI).
 */

type Key = "volunteer" | "approved";
const SPECS: Record<Key, AccountSpec> = {
  volunteer: { kind: "volunteer", name: "Vera Persistente" },
  approved: { kind: "institution", status: "APPROVED", name: "Lar Resiliente" },
};

interface Supervised extends RunningServer {
  accounts: Record<Key, SeededAccount>;
}

async function startSupervised(database: "pglite" | "postgres"): Promise<Supervised> {
  if (database === "pglite") return startFixtureServer({ accounts: SPECS, entry: "supervisor" });
  const scratch = await createScratchDatabase();
  const accounts = await seedAccounts({ url: scratch.url }, SPECS);
  const running = await startServer({
    entry: "supervisor",
    env: { DATABASE_URL: scratch.url, TRUST_PROXY: "true" },
  });
  return {
    ...running,
    accounts,
    stop: async () => {
      const exit = await running.stop();
      await scratch.drop();
      return exit;
    },
  };
}

/** PIDs of the server processes that said they were ready, oldest first. */
function readyServerPids(server: RunningServer): number[] {
  return server
    .logEntries()
    .filter(
      (entry) => String(entry.msg).includes(" ready on http") && typeof entry.pid === "number",
    )
    .map((entry) => entry.pid as number);
}

const databases = postgresTestUrl() ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(databases)("supervisor on %s (issue 11)", (database) => {
  let server: Supervised;

  beforeAll(async () => {
    server = await startSupervised(database);
  });

  afterEach(({ task }) => logServerOnFailure(task, server));

  afterAll(async () => {
    await server?.stop();
  });

  it("starts the server with the allocator's settings (ADR 0064)", () => {
    const [pid] = readyServerPids(server);
    const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV))
      expect(environment).toContain(`${name}=${value}`);
  });

  it("replaces a server killed with SIGKILL within 5 s (scaled to the machine's load), with the acknowledged write kept", async () => {
    const [firstPid] = readyServerPids(server);
    // A restart is a start without the supervisor's own: it may take as long as twice the first
    // start did a moment ago on this machine, and 5 s whenever that is less.
    const firstStartMs = server.readyInMs ?? 0;
    const restartLimitMs = Math.max(5_000, 2 * firstStartMs);
    expect(firstPid).toBeTypeOf("number");
    expect(firstPid).not.toBe(server.process.pid);

    const volunteer = new HttpClient(server.url);
    expect((await volunteer.signIn(server.accounts.volunteer)).status).toBe(302);
    const applyUrl = `/app/seja-voluntario?id=${server.accounts.approved.id}`;
    const form = {
      replyEmail: server.accounts.volunteer.email,
      phone: "+55 (11) 912345678",
      summary: "Posso ajudar aos sábados pela manhã.",
    };

    // Light load: a visitor reading the directory every 50 ms, before, during and after.
    let loadRunning = true;
    const outcomes: { at: number; ok: boolean }[] = [];
    const load = (async () => {
      while (loadRunning) {
        const ok = await fetch(`${server.url}/instituicoes`).then(
          (response) => response.status === 200,
          () => false,
        );
        outcomes.push({ at: Date.now(), ok });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    // The write is acknowledged (the redirect to the volunteer's home)...
    const applied = await volunteer.post(applyUrl, form);
    expect(applied.status).toBe(302);
    // ...and the process dies right after, without any chance to flush or close.
    process.kill(firstPid as number, "SIGKILL");
    const killedAt = Date.now();

    await waitFor(() => readyServerPids(server).length >= 2, {
      timeoutMs: restartLimitMs,
      message: "a new server ready after the kill",
    });
    const back = await waitFor(
      async () => (await fetch(`${server.url}/healthz`).catch(() => null))?.status === 200,
      { timeoutMs: restartLimitMs, message: "/healthz answering again" },
    ).then(() => Date.now());
    // The visitor's next read after the restart (the load may be between two reads, or waiting
    // on one the kill cut, when /healthz first answers): stop the load only once it is served.
    const servedAgain = () => outcomes.some((outcome) => outcome.at > killedAt && outcome.ok);
    await waitFor(servedAgain, {
      timeoutMs: restartLimitMs,
      message: "the visitor served again",
    }).catch(() => undefined);
    loadRunning = false;
    await load;
    console.log(
      `supervisor: /healthz answered ${back - killedAt} ms after the SIGKILL (first start ${Math.round(firstStartMs)} ms, limit ${Math.round(restartLimitMs)} ms)`,
    );
    expect(back - killedAt, "ms from SIGKILL to a healthy server").toBeLessThan(restartLimitMs);
    const firstOkAfterKill = outcomes.find((outcome) => outcome.at > killedAt && outcome.ok);
    expect(firstOkAfterKill, "the visitor is served again").toBeDefined();
    expect((firstOkAfterKill?.at ?? Infinity) - killedAt).toBeLessThan(restartLimitMs);

    const [, secondPid] = readyServerPids(server);
    expect(secondPid).not.toBe(firstPid);
    expect(isAlive(firstPid as number)).toBe(false);
    expect(isAlive(server.process.pid as number), "the supervisor is still running").toBe(true);

    // The same data: the session survived, and the application is there (a repeat is refused).
    const home = await volunteer.get("/app/voluntario");
    expect(home.status).toBe(200);
    const repeat = await volunteer.post(applyUrl, form);
    expect(repeat.status).toBe(409);
    expect(await repeat.text()).toContain("Você já enviou uma candidatura para esta instituição.");
    expect(server.logEntries()).toContainEqual(
      expect.objectContaining({ msg: "server process died: restarting it", signal: "SIGKILL" }),
    );
  }, 180_000);

  it("SIGTERM stops the supervisor and its server; SIGKILL to the supervisor takes the server down too", async () => {
    const pids = readyServerPids(server);
    const serverPid = pids.at(-1) as number;
    expect(isAlive(serverPid)).toBe(true);
    const exit = await server.stop();
    expect(exit).toEqual({ code: 0, signal: null });
    expect(isAlive(serverPid)).toBe(false);
    expect(server.logEntries()).toContainEqual(expect.objectContaining({ msg: "stopped" }));

    // A supervisor killed outright: its server notices the lost channel and shuts down.
    const again = await startSupervised(database);
    try {
      const orphanPid = again
        .logEntries()
        .find((entry) => String(entry.msg).includes(" ready on http"))?.pid as number;
      expect(isAlive(orphanPid)).toBe(true);
      again.process.kill("SIGKILL");
      await waitFor(() => !isAlive(orphanPid), {
        timeoutMs: 15_000,
        message: "the server exits once its supervisor is gone",
      });
    } finally {
      await again.stop();
    }
  }, 180_000);
});
