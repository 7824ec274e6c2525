import net from "node:net";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { expectNoStackTrace } from "../helpers/assertions";
import { probeConnection } from "../helpers/net";
import {
  createScratchDatabase,
  postgresTestUrl,
  type ScratchDatabase,
  skipWithoutPostgres,
} from "../helpers/postgres";
import { type RunningServer, startServer } from "../helpers/server";
import { waitFor, withTimeout } from "../helpers/wait";

/**
 * The production server on PostgreSQL, through its lifecycle: graceful shutdown while a request
 * is still running, and an outage of the database server that it rides out without a restart.
 * Each test gets a fresh database; nothing in the product is instrumented for these tests.
 */
const MISSING_IMAGE = "/imagens/00000000-0000-4000-8000-000000000000";
const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) };

describe.skipIf(skipWithoutPostgres())("production server on PostgreSQL", () => {
  const cleanups: (() => Promise<unknown>)[] = [];

  afterEach(async () => {
    // Newest first (lock holder, server, then its database); one failure must not skip the rest.
    const failures: unknown[] = [];
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw failures[0];
  });

  async function scratchDatabase(): Promise<ScratchDatabase> {
    const database = await createScratchDatabase();
    cleanups.push(database.drop);
    return database;
  }

  async function serverOn(url: string): Promise<RunningServer> {
    const server = await startServer({ env: { ...PRODUCTION, DATABASE_URL: url } });
    cleanups.push(server.stop);
    return server;
  }

  it("finishes a slow request after SIGTERM, refuses new connections and exits 0 within 10 s", async () => {
    const database = await scratchDatabase();
    const server = await serverOn(database.url);

    // Hold the images table so the image route's query waits on the lock: a genuinely slow request.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query("begin");
    await locker.query("lock table images in access exclusive mode");

    const slow = fetch(`${server.url}${MISSING_IMAGE}`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
      at: Date.now(),
    }));
    await waitFor(
      async () => {
        const { rows } = await locker.query(
          "select count(*)::int as waiting from pg_locks where relation = 'images'::regclass and not granted",
        );
        return rows[0].waiting > 0;
      },
      { message: "the request's query to wait on the images lock" },
    );

    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await waitFor(async () => (await probeConnection(server.port)) === "refused", {
      message: "the listener to close after SIGTERM",
    });
    expect(server.process.exitCode, "still running while the request is in flight").toBeNull();

    // Keep the request waiting a little longer, as a slow query would, then let it finish.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await locker.query("commit");

    // 10 s on a quiet machine; on a busy one, twice as long as this server's start took (ADR 0073).
    const limitMs = Math.max(10_000, 2 * (server.readyInMs ?? 0));
    const response = await withTimeout(slow, limitMs, "the in-flight request");
    expect(response.status).toBe(404);
    const exit = await withTimeout(server.exited, limitMs, "the process exit");
    const exitedAt = Date.now();
    expect(exit, server.logs()).toEqual({ code: 0, signal: null });
    expect(exitedAt - signalledAt).toBeLessThan(limitMs);
    expect(response.at).toBeLessThanOrEqual(exitedAt);
    expect(server.logs()).toContain("SIGTERM");
  });

  it("answers /readyz 503 while PostgreSQL is unreachable and recovers by itself", async () => {
    const database = await scratchDatabase();
    const target = new URL(postgresTestUrl() as string);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const proxyPort = await proxy.start(0);
    cleanups.push(() => proxy.stop());

    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxyPort);
    const server = await serverOn(viaProxy.toString());
    const get = (path: string) => fetch(`${server.url}${path}`);
    expect((await get(MISSING_IMAGE)).status).toBe(404);

    await proxy.stop();
    await waitFor(async () => (await get("/readyz")).status === 503, {
      timeoutMs: 10_000,
      message: "/readyz to answer 503 once the database is gone",
    });
    expect((await get("/healthz")).status).toBe(200);

    // A page that needs the database fails politely: an error status, no stack trace.
    const image = await get(MISSING_IMAGE);
    expect(image.status).toBeGreaterThanOrEqual(500);
    expectNoStackTrace(await image.text());

    const home = await get("/");
    const html = await home.text();
    expectNoStackTrace(html);
    if (home.status === 200) {
      expect(html).toMatch(/<a\b[^>]*href="\/auth\/login"[^>]*>Entrar<\/a>/);
    } else {
      expect(home.status).toBeGreaterThanOrEqual(500);
      expect(html).toContain("Algo deu errado");
      expect(html).toMatch(/<html[^>]*\blang="pt-BR"/);
    }

    await proxy.start(proxyPort);
    await waitFor(async () => (await get("/readyz")).status === 200, {
      timeoutMs: 15_000,
      message: "/readyz to answer 200 again once the database is back",
    });
    expect((await get(MISSING_IMAGE)).status).toBe(404);
    expect((await get("/")).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
});

/** Forwards TCP to the database; stop() closes the listener and cuts every open connection. */
class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  async start(port: number): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.port, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
      }
      client.on("error", () => upstream.destroy());
      upstream.on("error", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", resolve);
    });
    this.server = server;
    return (server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
