// Process entry: starts the HTTP server around the app bundle (build/server/index.js, built from
// server/app.ts) or, with --dev, around Vite's dev server. Kept in plain JavaScript so Node runs
// it without a build step; everything else lives in the bundle.
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");
const SHUTDOWN_GRACE_MS = 10_000;

const app = await loadApp();
let port;
try {
  ({ port } = await app.boot());
} catch (error) {
  const known = error?.name === "ConfigError" || error?.name === "DataDirLockedError";
  console.error(known ? error.message : error);
  process.exit(1);
}

let stopping = false;
// Responses not yet finished. Once shutdown begins, each is sent with "Connection: close": a
// keep-alive connection would otherwise stay open after its last response and hold the process
// until the grace period runs out, although every request is done.
const inFlight = new Set();
const server = createServer((req, res) => {
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  if (stopping) res.setHeader("Connection", "close");
  app.handler(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, () => {
  app.log.info(
    `Conecta Voluntário ready on http://localhost:${port} (${dev ? "development" : "production"})`,
  );
});

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.log.info(
      { signal },
      `${signal}: finishing in-flight requests (at most ${SHUTDOWN_GRACE_MS / 1000} s)`,
    );
    app.beginShutdown();
    const forceClose = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    forceClose.unref();
    server.close(async () => {
      clearTimeout(forceClose);
      await app.shutdown();
      app.log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader("Connection", "close");
      // Already streaming: close the connection as soon as this response is done.
      else res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
    }
  });
}

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
