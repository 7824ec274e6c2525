import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { SlowFirstSequencer } from "./tests/setup/slow-first-sequencer.ts";

/** Builds the migrated database templates every test database is copied from, once per run. */
const DATABASE_TEMPLATES = "tests/setup/database-templates.ts";

/**
 * Three kinds of tests (npm scripts pick them with --project; `npm test` is tests/run-all.sh):
 * - unit: pure functions, no database, no server; in tests/unit or beside the code in app/
 *   (`name.test.ts`).
 * - integration: the app's modules on a real database through openDatabase(). Always on PGlite
 *   (project "integration"); also on PostgreSQL (project "integration-pg", the same files) when
 *   TEST_DATABASE_URL names a server. Each file's database is a copy of a migrated template
 *   (tests/helpers/data-dir.ts) built once per run by the global setup. `npm run
 *   test:integration` runs both (`--project 'integration*'`).
 * - e2e: the production build as a process. globalSetup starts `node server/main.js` once on a
 *   free port and a copy of the migrated DATA_DIR (tests read its address with
 *   inject("baseUrl")) for HTTP and browser tests; each browser test file launches its own
 *   Chromium. Tests that need data of their own start a fixture server
 *   (tests/helpers/fixture-server.ts), server-lifecycle tests (DATA_DIR lock, SIGTERM,
 *   PostgreSQL outage) spawn servers of their own. They need build/, which `npm run test:e2e`
 *   refreshes first. Projects "e2e" (pooled), "e2e-timed-pairs" and "e2e-timed" (files that time
 *   the server, run two at a time or alone, without the shared server, which they do not use).
 *   The pooled project's fixture servers run on PostgreSQL
 *   when TEST_DATABASE_URL is set (ADR 0024); the shared server and the timed files' servers
 *   stay on the embedded database, the default deployment.
 * No vite.config.ts plugins here: tests import app modules directly, with `~/` paths resolved
 * from tsconfig.json.
 */
const integration = (
  name: string,
  kind: "pglite" | "postgres",
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    globalSetup: [DATABASE_TEMPLATES],
    setupFiles: ["tests/setup/integration-env.ts"],
    env: { TEST_DATABASE_KIND: kind },
    // A worker's files share its loaded modules, as in the e2e projects: each file opens its own
    // database in its hooks and closes it after. Importing the app again for every file was a
    // quarter of the integration projects' CPU (125 -> 94 s; passing in any file order, checked
    // with --sequence.shuffle.files).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * E2E files that time the server itself: they run after the pooled run (tests/run-all.sh), so
 * that what they time is mostly the server's behaviour, not the other test files' load. Their
 * bounds are a quiet machine's, scaled by a slowdown measured in the same test (ADR 0073), so
 * busy neighbours (two busy loops in CI's acceptance runs) do not fail them.
 * - TIMED_ALONE, one at a time: a /healthz answer under 200 ms while images are processed, a
 *   replacement server within 5 s of a SIGKILL (each times the idle server's /healthz median
 *   over 5 ms, or twice the first start, when the machine is slower).
 * - TIMED_IN_PAIRS, two at a time: runs bounded by minutes (5 000 fuzzed posts within 170 s, a
 *   shutdown within 15 s, an exit within 10 s of losing PostgreSQL; scaled likewise, the last
 *   two by the server's start), which a neighbour slows down; much of their time is waiting,
 *   which left the second core idle when they ran one at a time. And backup-restore, which runs
 *   servers, the backup commands and PGlite clusters of its own (5 minutes of a pooled worker
 *   in CI beside two busy loops): in the pool it starved its neighbours' timed steps.
 * `npm run test:e2e` runs them with the rest.
 */
const TIMED_ALONE = [
  "tests/e2e/security-images.test.ts",
  "tests/e2e/security-hardening.test.ts",
  "tests/e2e/fault-supervisor.test.ts",
];
const TIMED_IN_PAIRS = [
  "tests/e2e/fuzz-actions.test.ts",
  "tests/e2e/fuzz-requests.test.ts",
  "tests/e2e/fault-sigterm.test.ts",
  "tests/e2e/fault-nginx.test.ts",
  "tests/e2e/rolling-restart.test.ts",
  "tests/e2e/postgres-lifecycle.test.ts",
  "tests/e2e/backup-restore.test.ts",
];

const TIMED_TIMEOUTS = { testTimeout: 180_000, hookTimeout: 600_000 };

interface E2eOptions {
  /** Where the pooled files' fixture servers keep their data (ADR 0024). */
  databaseKind?: "pglite" | "postgres";
  /**
   * Whether the project's files get the run's shared server (global-setup.ts). The timed files
   * start the servers they time, so starting it would only delay them.
   */
  shared?: boolean;
  /**
   * A test's and a hook's timeout: only catch a hang. The timed files load their servers on
   * purpose (images, megabyte bodies, restarts) and start their own, so theirs are longer, to
   * hold on a machine with busy neighbours (ADR 0073).
   */
  testTimeout?: number;
  hookTimeout?: number;
}

const e2e = (
  name: string,
  files: { include: string[]; exclude?: string[] },
  {
    databaseKind = "pglite",
    shared = true,
    testTimeout = 60_000,
    hookTimeout = 120_000,
  }: E2eOptions = {},
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    ...files,
    environment: "node",
    env: { TEST_DATABASE_KIND: databaseKind },
    // The files of a worker share its loaded modules (the app's, Playwright's, sharp): an e2e file
    // keeps its state in its own hooks and variables, and importing everything again for each of
    // them cost about 60 CPU seconds of the pooled stage (docs/benchmarks.md, "Third round").
    isolate: false,
    globalSetup: shared ? [DATABASE_TEMPLATES, "tests/e2e/global-setup.ts"] : [DATABASE_TEMPLATES],
    testTimeout,
    hookTimeout,
  },
});

/**
 * Lighthouse's performance score scales the CPU work it records, so other tests running beside
 * it on a 2-core machine would fail budgets the pages meet: it is a project of its own, which
 * `npm run test:lighthouse` runs alone, as CI's step after `npm test` (.ci/run).
 */
const LIGHTHOUSE_TEST = "tests/e2e/a11y-lighthouse.test.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts", "app/**/*.test.ts"],
          environment: "node",
          // Vitest's 5 s default is a wall-clock bound: a test of a second's CPU takes three
          // beside two busy processes. No unit test checks time; this only catches a hang
          // (ADR 0073).
          testTimeout: 30_000,
        },
      },
      integration("integration", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-pg", "postgres")] : []),
      e2e(
        "e2e",
        {
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [LIGHTHOUSE_TEST, ...TIMED_ALONE, ...TIMED_IN_PAIRS],
        },
        { databaseKind: process.env.TEST_DATABASE_URL ? "postgres" : "pglite" },
      ),
      e2e("e2e-timed", { include: TIMED_ALONE }, { shared: false, ...TIMED_TIMEOUTS }),
      e2e("e2e-timed-pairs", { include: TIMED_IN_PAIRS }, { shared: false, ...TIMED_TIMEOUTS }),
      {
        extends: true,
        test: {
          name: "lighthouse",
          include: [LIGHTHOUSE_TEST],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
