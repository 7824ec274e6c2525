// The server process: the HTTP server around the app bundle (build/server/index.js, built from
// server/app.ts) or, with --dev, around Vite's dev server. `npm start` runs it under
// server/supervise.js, which replaces it if it dies; systemd or a container runtime can run it
// directly (README, "Deploying"). Kept in plain JavaScript so Node runs it without a build step;
// everything else lives in the bundle.
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { boundHeapGrowth } from "./heap-growth.js";

// Files the app writes (database, mail, secrets) are for this user only (docs/design.md section 8).
process.umask(0o077);
// Before the app allocates anything: the old generation's growth (docs/decisions/0064).
boundHeapGrowth();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");

// NODE_ENV names the app's mode as the operator sets it (unset: the demo, "production": a
// deployment; docs/decisions/0003), but React and React Router read it too, to choose their
// builds. The built app always runs theirs in production (React's development build costs a
// page about 60% more CPU: docs/decisions/0035); the operator's value moves to CONECTA_MODE,
// which app/config/env.server.ts reads as the app's mode. `--dev` keeps the development builds.
if (!dev) {
  process.env.CONECTA_MODE = process.env.NODE_ENV ?? "";
  process.env.NODE_ENV = "production";
}
const SHUTDOWN_GRACE_MS = 10_000;

const app = await loadApp();
let port;
let metrics;
try {
  ({ port, metrics } = await app.boot());
} catch (error) {
  const known = ["ConfigError", "DataDirLockedError", "MigrationError"].includes(error?.name);
  console.error(known ? error.message : error);
  process.exit(1);
}
const { log } = app;

// A bug that escapes every handler leaves the process in an unknown state: log it and exit, and
// let the supervisor start a fresh one. A promise nobody awaited is logged and the server goes on.
process.on("uncaughtException", (error) => {
  log.fatal({ err: error }, "uncaught exception: exiting");
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  log.error({ err: reason }, "unhandled promise rejection");
});

let stopping = false;
// Responses not yet finished. Once shutdown begins, each is sent with "Connection: close": a
// keep-alive connection would otherwise stay open after its last response and hold the process
// until the grace period runs out, although every request is done.
const inFlight = new Set();
const server = createServer((req, res) => {
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  if (stopping) res.setHeader("Connection", "close");
  try {
    app.handler(req, res);
  } catch (error) {
    // The pipeline answers every request itself; this only catches a bug in it.
    log.error({ err: error, method: req.method }, "request handler threw");
    if (!res.headersSent) {
      res.statusCode = 500;
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end("Ocorreu um erro inesperado. Tente novamente.\n");
    } else res.destroy();
  }
});
// CONNECT (a proxy tunnel) never reaches the request handler: Node hands over the raw socket.
// This is no proxy; the client still gets an answer.
server.on("connect", (_req, socket) => {
  socket.on("error", () => {});
  socket.end(
    "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD, POST\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
  );
});
server.keepAliveTimeout = 65_000;
// Slow clients cannot hold a connection forever: headers within 20 s, the whole request
// (a photo upload on a slow phone included) within two minutes.
server.headersTimeout = 20_000;
server.requestTimeout = 120_000;
server.listen(port, () => {
  log.info(
    { pid: process.pid },
    `Conecta Voluntário ready on http://localhost:${port} (${dev ? "development" : "production"})`,
  );
  process.send?.({ type: "ready", port });
});

// Prometheus's scrapes (ADR 0074), on a port of their own: loopback unless METRICS_HOST says
// otherwise, so the app's port never shows them.
const metricsServer = metrics ? createServer(app.handleMetricsListener) : undefined;
metricsServer?.on("error", (error) => {
  // A taken port must not take the app down with it: the app serves, the scrapes fail visibly.
  log.error({ err: error, port: metrics.port }, "metrics listener failed");
});
metricsServer?.listen(metrics.port, metrics.host, () => {
  log.info(`metrics on http://${metrics.host}:${metrics.port}/metrics`);
});

function shutDown(reason) {
  if (stopping) return;
  stopping = true;
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  log.info(
    { signal: reason },
    `${reason}: finishing in-flight requests (at most ${SHUTDOWN_GRACE_MS / 1000} s)`,
  );
  app.beginShutdown();
  const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  forceClose.unref();
  server.close(async () => {
    clearTimeout(forceClose);
    await app.shutdown();
    log.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
  for (const res of inFlight) {
    if (!res.headersSent) res.setHeader("Connection", "close");
    // Already streaming: close the connection as soon as this response is done.
    else res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
  }
}

for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutDown(signal));
// Under the supervisor: if it goes away (killed, crashed), this process must not stay behind
// holding the port and the database.
process.on("disconnect", () => shutDown("supervisor gone"));

async function loadApp() {
  if (!dev) {
    const mod = await import(path.join(root, "build/server/index.js"));
    return {
      ...mod,
      handler: mod.createHandler({
        staticDir: path.join(root, "build/client"),
        mode: "production",
      }),
    };
  }
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({
    root,
    server: { middlewareMode: true },
    appType: "custom",
  });
  const load = () => vite.ssrLoadModule(path.join(root, "server/app.ts"));
  const mod = await load();
  return {
    ...mod,
    handler: (req, res) =>
      vite.middlewares(req, res, async () => {
        const fresh = await load();
        fresh.createHandler({ mode: "development" })(req, res);
      }),
  };
}
