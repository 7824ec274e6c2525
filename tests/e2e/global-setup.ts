import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "../helpers/browser";
import { type RunningServer, startServer } from "../helpers/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shared production server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The run's Chromium (tests/helpers/browser.ts), or "" where there is none. */
    chromiumEndpoint: string;
  }
}

/**
 * One production server for the HTTP and browser tests, started as `npm start` does (no
 * NODE_ENV, embedded database in a fresh DATA_DIR: the migrated template's copy, on which it
 * writes the demo data), stopped with SIGTERM at the end; and one Chromium for every test file.
 */
export default async function setup(project: TestProject) {
  const [server, chromium]: [RunningServer, Awaited<ReturnType<typeof launchBrowserServer>>] =
    await Promise.all([startServer(), launchBrowserServer()]);
  project.provide("baseUrl", server.url);
  project.provide("chromiumEndpoint", chromium.wsEndpoint());
  return async () => {
    await chromium.close();
    const exit = await server.stop();
    if (exit.code !== 0) {
      throw new Error(`shared server exited with ${JSON.stringify(exit)}\n${server.logs()}`);
    }
  };
}
