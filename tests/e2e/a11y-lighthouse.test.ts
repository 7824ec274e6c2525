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
 * The gate allows the performance score a noise margin (CI_MARGIN, ADR 0021): the
 * same unchanged page measured 0.93 to 0.95 as a median of five on one quiet afternoon, so a gate
 * at exactly 0.95 failed builds that changed nothing. Every page's scores are printed, so the
 * figures against the real budget stay visible in the CI log; `npm run lighthouse` reports them
 * against 0.95 for docs/benchmarks.md.
 * Not part of `npm test`: `npm run test:lighthouse` runs it alone (CI's step after the tests),
 * because other tests beside it make the recorded CPU work, and so the score, a measure of the
 * machine's load rather than of the page (vitest.config.ts, project "lighthouse").
 */
const CI_MARGIN = { performance: 0.05 };

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
