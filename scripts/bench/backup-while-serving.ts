// `tsx scripts/bench/backup-while-serving.ts [--seconds 20] [--postgres URL]`: what a backup costs
// the requests the server answers meanwhile (issue 40, item 1; ADR 0076). The production build
// serves a dataset (the demo, photos included, plus generated institutions, events and
// volunteers) while a closed loop of two clients asks for /healthz and the events page, in
// three phases of equal length after a warm-up: idle; beside a busy loop (the CPU a backup takes, and nothing
// else); and while `npm run backup` runs again and again. For each: the requests' median, p99
// and worst time, and the server's own event-loop delay (its worst, from /metrics, which resets
// it at each scrape). Not part of npm test: the figures move with the machine; reported in
// docs/benchmarks.md, "Backups while serving".
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort } from "../../tests/helpers/net";
import { PROJECT_ROOT, type RunningServer, startServer } from "../../tests/helpers/server";

const { values: options } = parseArgs({
  options: { seconds: { type: "string", default: "20" }, postgres: { type: "string" } },
});
const seconds = Number(options.seconds);
const SESSION_SECRET = "backup-bench-session-secret-0123456789abcdef";
const TSX = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");

interface PhaseResult {
  phase: string;
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  loopMaxMs: number;
  backups?: number;
}

function run(script: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, path.join(PROJECT_ROOT, script), ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env, NODE_ENV: "" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} failed (${code}): ${stderr}`)),
    );
  });
}

async function loopMaxMs(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split("\n").find((l) => l.startsWith("nodejs_eventloop_lag_max_seconds"));
  return Number(line?.split(" ").at(-1) ?? Number.NaN) * 1000;
}

async function phase(
  name: string,
  server: RunningServer,
  metricsUrl: string,
  beside: () => { stop: () => Promise<number | undefined> },
): Promise<PhaseResult> {
  await loopMaxMs(metricsUrl); // resets the server's event-loop histogram
  const side = beside();
  const times: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  const client = async (path: string) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(`${server.url}${path}`);
        await response.arrayBuffer();
        if (!response.ok) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - started);
    }
  };
  await Promise.all([client("/healthz"), client("/eventos")]);
  const backups = await side.stop();
  const loop = await loopMaxMs(metricsUrl);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    phase: name,
    requests: times.length,
    failed,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1) ?? 0,
    loopMaxMs: loop,
    ...(backups === undefined ? {} : { backups }),
  };
}

const idle = () => ({ stop: async () => undefined });

const busyLoop = () => {
  const child: ChildProcess = spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" });
  return {
    stop: async () => {
      child.kill("SIGKILL");
      return undefined;
    },
  };
};

const backupsAgainAndAgain = (env: Record<string, string>, dir: string) => () => {
  let stopping = false;
  let count = 0;
  const loop = (async () => {
    while (!stopping) {
      await run("scripts/backup.ts", ["--dir", dir, "--json"], env);
      count++;
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await loop;
      return count;
    },
  };
};

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "backup-bench-data-"));
  const backupDir = await mkdtemp(path.join(tmpdir(), "backup-bench-files-"));
  const database: Record<string, string> = options.postgres
    ? { DATABASE_URL: options.postgres }
    : {};
  const env: Record<string, string> = { DATA_DIR: dataDir, SESSION_SECRET, ...database };
  let server: RunningServer | undefined;
  try {
    console.log("Preparing the dataset (the demo, then generated data)...");
    if (!options.postgres) {
      // A first start on an empty embedded database writes the demo (photos included).
      const demo = await startServer({ dataDir, env: { BACKUP_INTERVAL: "off" } });
      await demo.stop();
    }
    await run(
      "scripts/seed.ts",
      ["--institutions", "2000", "--events", "10000", "--volunteers", "5000"],
      env,
    );
    const metricsPort = await freePort();
    server = await startServer({
      dataDir,
      env: {
        NODE_ENV: "production",
        SESSION_SECRET,
        BACKUP_INTERVAL: "off",
        METRICS_PORT: String(metricsPort),
        ...database,
      },
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The first seconds after a start hold its one-off work (housekeeping's first run refreshes
    // the embedded database's statistics): a phase of warm-up, not reported.
    await phase("warm-up", server, metricsUrl, idle);
    const results: PhaseResult[] = [];
    for (const [name, beside] of [
      ["idle", idle],
      ["beside a busy loop", busyLoop],
      ["while npm run backup runs", backupsAgainAndAgain(env, backupDir)],
    ] as const) {
      const result = await phase(name, server, metricsUrl, beside);
      results.push(result);
      console.log(JSON.stringify(result));
    }
    const files = (await readdir(backupDir)).filter((name) => name.endsWith(".backup.gz"));
    console.log(
      `\n${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " ",
        )}; ${options.postgres ? "PostgreSQL" : "embedded"}; ${seconds} s a phase; ${files.length} backups written\n`,
    );
    console.log(
      "| phase | requests | failed | median ms | p99 ms | worst ms | event-loop worst ms | backups |",
    );
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of results) {
      console.log(
        `| ${r.phase} | ${r.requests} | ${r.failed} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.loopMaxMs.toFixed(1)} | ${r.backups ?? ""} |`,
      );
    }
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupDir, { recursive: true, force: true });
  }
}

await main();
