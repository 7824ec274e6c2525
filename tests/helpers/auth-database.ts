import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, vi } from "vitest";
import { type TestDatabase, testDatabase } from "./database";

/**
 * The test file's database for tests that call better-auth: a fresh database, a session secret
 * of its own and a data directory, set up before the file's first test and removed after its
 * last. The auth module reads its configuration on first use; the origin is every integration
 * file's (tests/setup/integration-env.ts). Read `.current` inside hooks and tests.
 */
export function authDatabaseForFile(label: string): { readonly current: TestDatabase } {
  let opened: TestDatabase | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), `conecta-${label}-`));
    vi.stubEnv("SESSION_SECRET", randomBytes(32).toString("hex"));
    vi.stubEnv("DATA_DIR", dataDir);
    vi.stubEnv("NODE_ENV", "test");
    opened = await testDatabase();
  });
  afterAll(async () => {
    await opened?.dispose();
    vi.unstubAllEnvs();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get current() {
      if (!opened) throw new Error("the test database opens in beforeAll");
      return opened;
    },
  };
}
