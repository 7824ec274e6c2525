import { expect } from "vitest";

/** A response body meant for a person: no stack frames, file paths or driver errors leak. */
export function expectNoStackTrace(body: string): void {
  expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(body).not.toMatch(/node_modules|build\/server|file:\/\/|ECONNREFUSED/);
}
