// `npm run lighthouse`: the public pages against docs/design.md section 9's budgets (performance
// >= 0.95; accessibility, best practices and SEO = 1.0), Lighthouse's mobile profile, in the
// system Chromium (/usr/bin/chromium or CHROMIUM_PATH). CI runs the same audits through
// tests/e2e/a11y-lighthouse.test.ts (`npm run test:lighthouse`, one run per page and the median
// of three when one misses); this is the on-demand run with its table.
//
// What it measures: the production build (`npm run build` first when sources changed) with
// NODE_ENV=production, on a fresh DATA_DIR filled beforehand by `npm run seed` with demo-sized
// numbers (the seed refuses NODE_ENV=production, so it runs without it; the server then starts
// with it and a generated SESSION_SECRET). Pages: scripts/lighthouse-audit.ts PUBLIC_PAGES
// (landing, directories, legal pages, login and sign-up), an institution and an upcoming event.
// Each page runs RUNS times (default 3) and the median run counts, as Lighthouse CI does, so one
// noisy run neither passes nor fails the budget. The CPU factor is calibrated to the host (see
// scripts/lighthouse-audit.ts).
//
// Options (environment): RUNS=1 for a quick look; KEEP=1 keeps the temporary DATA_DIR;
// REPORTS=<dir> writes each run's full JSON report there; CPU_SLOWDOWN=4 forces the
// uncalibrated factor.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  auditWithRetry,
  BUDGETS,
  CATEGORIES,
  freePort,
  median,
  PUBLIC_PAGES,
  pickDetailPages,
  type Scores,
  SEED_COMMAND,
  startChromium,
  waitUntil,
  warmUp,
} from "./lighthouse-audit";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Math.max(1, Number(process.env.RUNS ?? 3));
// PAGES="/auth/login,institution" audits only those (names as the table prints them).
const ONLY = process.env.PAGES?.split(",").map((name) => name.trim());

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  execFileSync(command, args, { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] });
}

/** The environment without NODE_ENV/DATABASE_URL from the caller's shell: this run decides. */
function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  return env;
}

async function startServer(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = baseEnv({
    DATA_DIR: dataDir,
    PORT: String(port),
    BASE_URL: url,
    NODE_ENV: "production",
    // A scheduled backup at start would be measured with the pages.
    BACKUP_INTERVAL: "off",
    SESSION_SECRET: `lighthouse-${Math.random().toString(36).slice(2)}-${Date.now()}-secret-value`,
  });
  const child = spawn(process.execPath, ["server/main.js"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntil("the server", async () => (await fetch(`${url}/readyz`)).ok);
  return { url, child };
}

async function main() {
  run(process.execPath, ["scripts/ensure-build.js"], process.env);
  const dataDir = await mkdtemp(path.join(tmpdir(), "lighthouse-data-"));
  let server: { url: string; child: ChildProcess } | undefined;
  let chromium: { port: number; child: ChildProcess; profile: string } | undefined;
  try {
    console.log(`Seeding ${dataDir} (development mode, as the seed requires)...`);
    run(process.execPath, SEED_COMMAND, baseEnv({ DATA_DIR: dataDir }));
    server = await startServer(dataDir);
    const { institution, event } = await pickDetailPages(server.url);
    const pages = [
      ...PUBLIC_PAGES.map((page) => ({ name: page, path: page })),
      { name: "institution", path: institution },
      { name: "event", path: event },
    ].filter((page) => !ONLY || ONLY.includes(page.name));
    await warmUp(
      server.url,
      pages.map((page) => page.path),
    );
    chromium = await startChromium();
    console.log(
      `Lighthouse (mobile, CPU factor from each run's host benchmark), ${RUNS} run(s) per page, production server ${server.url}`,
    );

    const rows: { page: string; scores: Scores }[] = [];
    for (const page of pages) {
      const runs: Scores[] = [];
      for (let index = 0; index < RUNS; index++) {
        runs.push(await auditWithRetry(`${server.url}${page.path}`, chromium.port));
      }
      const scores = {} as Scores;
      for (const category of CATEGORIES) {
        scores[category] = median(runs.map((run) => run[category]));
      }
      rows.push({ page: page.name, scores });
    }

    const header = ["page".padEnd(14), ...CATEGORIES.map((category) => category.padStart(15))];
    console.log(`\n${header.join(" ")}`);
    let failures = 0;
    for (const row of rows) {
      const cells = CATEGORIES.map((category) => {
        const score = row.scores[category];
        const ok = score >= BUDGETS[category];
        if (!ok) failures += 1;
        return `${score.toFixed(2)}${ok ? " " : "!"}`.padStart(15);
      });
      console.log([row.page.padEnd(14), ...cells].join(" "));
    }
    const budgetText = CATEGORIES.map((category) => `${category} >= ${BUDGETS[category]}`);
    console.log(`\nBudgets: ${budgetText.join(", ")}. ! marks a score below its budget.`);
    if (failures > 0) {
      console.error(`${failures} score(s) below budget.`);
      process.exitCode = 1;
    }
  } finally {
    chromium?.child.kill("SIGKILL");
    if (server) {
      const exited = new Promise((resolve) => server?.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    if (chromium) await rm(chromium.profile, { recursive: true, force: true });
    if (process.env.KEEP) console.log(`DATA_DIR kept: ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
