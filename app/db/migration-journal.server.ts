import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "~/lib/project-root.server";

/**
 * The committed migrations, from Drizzle's journal. Drizzle records each applied migration with
 * its journal timestamp ("when"), which is how an applied one is recognised.
 */
export interface MigrationEntry {
  tag: string;
  when: number;
}

/** The committed migrations (SQL files and Drizzle's journal of them). */
export const MIGRATIONS_FOLDER = path.join(projectRoot(), "app/db/migrations");
const JOURNAL = path.join(MIGRATIONS_FOLDER, "meta/_journal.json");

export function committedMigrations(): MigrationEntry[] {
  const journal = JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: MigrationEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}
