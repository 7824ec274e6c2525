// What `npm start` runs: the server (server/main.js) as a child process, replaced when it dies
// (ADR 0012). A crash, an out-of-memory kill or a `kill -9` costs the time of a restart (about
// 1.5 s), not the service. The first start is not retried: a bad configuration or a data
// directory in use stops `npm start` with the server's own message. systemd (Restart=always) or
// a container runtime does the same job in production: README, "Deploying".
import { fork } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { withServerMallocEnv } from "./malloc-env.js";

process.umask(0o077);

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.js");
/** A worker that lived less than this is "crashing": restarts back off up to MAX_DELAY_MS. */
const HEALTHY_UPTIME_MS = 30_000;
const FIRST_DELAY_MS = 100;
const MAX_DELAY_MS = 3_000;

const log = await createLog();
let worker;
let everReady = false;
let stopping = false;
let delay = FIRST_DELAY_MS;

function start() {
  const startedAt = Date.now();
  worker = fork(WORKER, process.argv.slice(2), {
    stdio: "inherit",
    env: withServerMallocEnv(process.env),
  });
  worker.on("message", (message) => {
    if (message?.type === "ready") everReady = true;
  });
  worker.once("exit", (code, signal) => {
    worker = undefined;
    if (stopping) process.exit(code ?? 0);
    if (!everReady) process.exit(code ?? 1);
    const uptime = Date.now() - startedAt;
    delay = uptime >= HEALTHY_UPTIME_MS ? FIRST_DELAY_MS : Math.min(delay * 2, MAX_DELAY_MS);
    log.error(
      { code, signal, uptimeMs: uptime, restartInMs: delay },
      "server process died: restarting it",
    );
    setTimeout(start, delay).unref();
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    // The server finishes its in-flight requests, then exits; this process follows it.
    if (worker) worker.kill(signal);
    else process.exit(0);
  });
}

/** The same two formats as the server's logger (app/lib/log.server.ts), for its few lines. */
async function createLog() {
  const format =
    process.env.LOG_FORMAT ?? (process.env.NODE_ENV === "production" ? "json" : "pretty");
  const options = {
    base: { process: "supervisor" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  if (format === "json") return pino(options, pino.destination({ fd: 1, sync: true }));
  const { default: pinoPretty } = await import("pino-pretty");
  return pino(
    options,
    pinoPretty({
      sync: true,
      singleLine: true,
      translateTime: "HH:MM:ss.l",
      ignore: "pid,hostname",
    }),
  );
}

start();
// Keeps this process alive between a worker's death and its replacement.
setInterval(() => {}, 1 << 30);
