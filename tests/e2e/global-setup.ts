import type { TestProject } from "vitest/node";
import { freePort } from "../helpers/net";
import { startServer } from "../helpers/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shared production server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Its Prometheus metrics (METRICS_PORT, ADR 0074), scraped while the suite runs. */
    metricsUrl: string;
  }
}

/**
 * One production server for the HTTP and browser tests, started as `npm start` does (no
 * NODE_ENV, embedded database in a fresh DATA_DIR: the migrated template's copy, on which it
 * writes the demo data), stopped with SIGTERM at the end. Each browser test file launches its
 * own Chromium (tests/helpers/browser.ts). Its metrics listen on a port of their own, so a test
 * can read what the whole suite's traffic left there (tests/e2e/metrics.test.ts).
 */
export default async function setup(project: TestProject) {
  const metricsPort = await freePort();
  const server = await startServer({ env: { METRICS_PORT: String(metricsPort) } });
  project.provide("baseUrl", server.url);
  project.provide("metricsUrl", `http://127.0.0.1:${metricsPort}/metrics`);
  return async () => {
    const exit = await server.stop();
    if (exit.code !== 0) {
      throw new Error(`shared server exited with ${JSON.stringify(exit)}\n${server.logs()}`);
    }
  };
}
