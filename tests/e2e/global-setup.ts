import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "../helpers/server";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shared production server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/**
 * One production server for the HTTP and browser tests, started as `npm start` does (no
 * NODE_ENV, embedded database in a fresh DATA_DIR), and stopped with SIGTERM at the end.
 */
export default async function setup(project: TestProject) {
  const server: RunningServer = await startServer();
  project.provide("baseUrl", server.url);
  return async () => {
    const exit = await server.stop();
    if (exit.code !== 0) {
      throw new Error(`shared server exited with ${JSON.stringify(exit)}\n${server.logs()}`);
    }
  };
}
