import { closeDatabase } from "~/db/client.server";
import { type AccountSpec, type SeededAccount, seedAccounts } from "./accounts";
import { type ApplicationSeed, type EventSeed, seedRows } from "./members";
import { createScratchDatabase } from "./postgres";

/** A production server's settings for the fault tests (no demo data, a fixed secret). */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  SESSION_SECRET: "fault-suite-session-secret-0123456789abcdef",
  TRUST_PROXY: "true",
};

export interface FixtureDatabase<K extends string> {
  url: string;
  accounts: Record<K, SeededAccount>;
  /** Ids of the seeded events and applications, by key. */
  ids: Record<string, string>;
  drop: () => Promise<void>;
}

/**
 * A scratch database on the PostgreSQL server of TEST_DATABASE_URL, migrated and holding the
 * given accounts, events and applications (through the app's own code), ready for servers
 * started with DATABASE_URL=url.
 */
export async function fixtureDatabase<K extends string>(options: {
  accounts: Record<K, AccountSpec>;
  events?: EventSeed[];
  applications?: ApplicationSeed[];
}): Promise<FixtureDatabase<K>> {
  const scratch = await createScratchDatabase({ migrated: true });
  try {
    const accounts = await seedAccounts({ url: scratch.url }, options.accounts);
    const ids = await seedRows(
      { url: scratch.url },
      accounts as Record<string, SeededAccount>,
      options,
    );
    return { url: scratch.url, accounts, ids, drop: scratch.drop };
  } catch (error) {
    await closeDatabase();
    await scratch.drop();
    throw error;
  }
}
