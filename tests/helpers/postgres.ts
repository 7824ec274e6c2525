import { randomBytes } from "node:crypto";
import pg from "pg";
import { migratedTemplateDatabase } from "./data-dir";

/**
 * Scratch databases on the PostgreSQL server named by TEST_DATABASE_URL. Each test that needs a
 * server database gets its own (`create database test_<random>`) and drops it afterwards, so
 * tests never see each other's rows and can run in parallel.
 */
export function postgresTestUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Skips PostgreSQL-only tests on a laptop without a server, but never in CI, where a missing
 * TEST_DATABASE_URL must fail loudly instead of silently running less.
 */
export function skipWithoutPostgres(): boolean {
  if (postgresTestUrl()) return false;
  if (process.env.CI) throw new Error("CI must set TEST_DATABASE_URL (see .ci/run)");
  return true;
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * An empty database, or with `{ migrated: true }` a copy of the migrated template
 * (tests/helpers/data-dir.ts), which is what a test of the app's code (not of its migrations)
 * wants.
 */
export async function createScratchDatabase(
  options: { migrated?: boolean } = {},
): Promise<ScratchDatabase> {
  const adminUrl = postgresTestUrl();
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = options.migrated ? ` template ${await migratedTemplateDatabase(adminUrl)}` : "";
  await withAdminClient(adminUrl, (client) => client.query(`create database ${name}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withAdminClient(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
