import { migratedTemplate, migratedTemplateDatabase } from "../helpers/data-dir";
import { postgresTestUrl } from "../helpers/postgres";

/**
 * Global setup of the integration and e2e projects: builds the migrated PGlite template and, when
 * TEST_DATABASE_URL is set, the migrated template database on that server, once per run (and per
 * migrations version), before any test file copies them (tests/helpers/data-dir.ts).
 */
export default async function setup() {
  const url = postgresTestUrl();
  await Promise.all([migratedTemplate(), url ? migratedTemplateDatabase(url) : undefined]);
}
