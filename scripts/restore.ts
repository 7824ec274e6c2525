// Restores a backup into the configured database: `npm run restore -- <file> [--replace]`.
import path from "node:path";
import { restoreBackup } from "~/db/backup/restore.server";
import {
  describeTarget,
  OperatorError,
  parseOptions,
  runOperatorScript,
} from "~/seed/operator-script.server";

const USAGE = `Usage: npm run restore -- <file> [--replace]

Restores a backup made by \`npm run backup\` into the database this configuration names
(DATABASE_URL, or the embedded one in DATA_DIR), which must be empty: a new PostgreSQL
database, or a DATA_DIR without a database. The server must not be running on it.
Everything is restored in one transaction: a damaged, cut or newer-release file, or any
failure halfway, leaves the target as it was. A backup from an earlier release is
upgraded to this one's schema on the way.

--replace  restore over a database that holds data (PostgreSQL: everything in it is
           replaced; embedded: the old database is kept aside, renamed).`;

await runOperatorScript("restore", async ({ target }) => {
  const options = parseOptions([], USAGE, { flags: ["replace"], positionals: true });
  const [file, ...extra] = options.positionals;
  if (!file || extra.length > 0) throw new OperatorError(`Name one backup file.\n\n${USAGE}`);
  console.log(`Restoring ${file} into ${describeTarget(target)}...`);
  const started = performance.now();
  const result = await restoreBackup(path.resolve(file), target, {
    replace: options.replace,
    report: (line) => console.log(line),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const tables = Object.values(result.manifest.tables);
  console.log(
    `Restored ${tables.length} tables, ${tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${seconds} s; every table matches the backup's checksums.`,
  );
  if (result.upgradedBy > 0) {
    console.log(
      `The backup came from an earlier release: ${result.upgradedBy} migrations were applied after it.`,
    );
  }
  if (result.setAside) console.log(`The database that was there is kept in ${result.setAside}.`);
});
