// Writes one backup of the configured database: `npm run backup -- [--dir DIR]`.
// Safe while the server serves (docs/decisions/0076; docs/operations.md, "Backups").
import path from "node:path";
import { takeBackup } from "~/db/backup/take.server";
import { describeTarget, parseOptions, runOperatorScript } from "~/seed/operator-script.server";

const USAGE = `Usage: npm run backup -- [--dir DIR] [--json]

Writes one consistent, compressed snapshot of everything the platform keeps (every table,
photos included) from the database the server uses (DATABASE_URL, or the embedded one in
DATA_DIR), while it keeps serving. The file is DIR/conecta-<time>.backup.gz, with its
checksum beside it (.sha256). DIR defaults to BACKUP_DIR (DATA_DIR/backups).
Restore it with: npm run restore -- <file>

--json  prints the result as one line of JSON (for the server's scheduled backups).`;

await runOperatorScript("backup", async ({ config, target, signal }) => {
  const options = parseOptions(["dir"], USAGE, { flags: ["json"] });
  const dir = path.resolve(options.dir ?? config.BACKUP_DIR);
  if (!options.json) console.log(`Backing up ${describeTarget(target)} into ${dir}...`);
  const started = performance.now();
  const backup = await takeBackup(target, dir, { signal });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (options.json) {
    console.log(JSON.stringify({ file: backup.file, bytes: backup.bytes, sha256: backup.sha256 }));
    return;
  }
  const tables = Object.entries(backup.manifest.tables);
  const rows = tables.reduce((sum, [, table]) => sum + table.rows, 0);
  console.log(`Wrote ${backup.file} in ${seconds} s`);
  console.log(
    `  ${(backup.bytes / 1024 / 1024).toFixed(1)} MB, ${tables.length} tables, ${rows} rows, ${backup.manifest.sequences} sequences`,
  );
  console.log(`  SHA-256 ${backup.sha256} (also in ${path.basename(backup.file)}.sha256)`);
});
