import type { TestProject } from "vitest/node";
import { startServer } from "../helpers/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shared production server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/**
 * One production server for the HTTP and browser tests, started as `npm start` does (no
 * NODE_ENV, embedded database in a fresh DATA_DIR: the migrated template's copy, on which it
 * writes the demo data), stopped with SIGTERM at the end. Each browser test file launches its
 * own Chromium (tests/helpers/browser.ts).
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return async () => {
    const exit = await server.stop();
    if (exit.code !== 0) {
      throw new Error(`shared server exited with ${JSON.stringify(exit)}\n${server.logs()}`);
    }
  };
}
