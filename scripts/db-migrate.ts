// Applies the committed migrations to the configured database: `npm run db:migrate`.
// The server does the same at start; this lets an operator migrate ahead of a deploy.
import { committedMigrations } from "~/db/migration-journal.server";
import { appliedMigrationTimes } from "~/db/migration-status.server";
import { describeTarget, runOperatorScript } from "~/seed/operator-script.server";

await runOperatorScript("db:migrate", async ({ target, open }) => {
  console.log(`Migrating ${describeTarget(target)}...`);
  const before = await appliedMigrationTimes(target);
  const started = performance.now();
  await open();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const committed = committedMigrations();
  const applied = committed.filter((migration) => !before.has(migration.when));
  if (applied.length === 0) {
    console.log(`Already up to date: all ${committed.length} migrations were applied before.`);
  } else {
    console.log(`Applied ${applied.length} of ${committed.length} migrations in ${seconds} s:`);
    for (const migration of applied) console.log(`  ${migration.tag}`);
  }
  console.log(`Latest migration: ${committed.at(-1)?.tag ?? "(none)"}.`);
});
