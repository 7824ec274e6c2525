import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/**
 * Three kinds of tests (npm scripts pick them with --project):
 * - unit: pure functions, no database, no server.
 * - integration: the app's modules on a real database through openDatabase(). Always on PGlite
 *   (project "integration"); also on PostgreSQL (project "integration-pg", the same files) when
 *   TEST_DATABASE_URL names a server: each test creates and drops its own database there.
 *   `npm run test:integration` runs both (`--project 'integration*'`).
 * - e2e: the production build as a process. globalSetup starts `node server/main.js` once on a
 *   free port and a fresh DATA_DIR (tests read its address with inject("baseUrl")) for HTTP and
 *   Chromium tests; server-lifecycle tests (DATA_DIR lock, SIGTERM, PostgreSQL outage) spawn
 *   servers of their own. They need build/, which `npm run test:e2e` refreshes first, so they
 *   live here rather than in the integration project.
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
    env: { TEST_DATABASE_KIND: kind },
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      integration("integration", "pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("integration-pg", "postgres")] : []),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [LIGHTHOUSE_TEST],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
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
