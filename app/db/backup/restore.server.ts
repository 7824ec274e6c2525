import { existsSync, readdirSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { acquireDataDirLock } from "../lock.server";
import { committedMigrations } from "../migration-journal.server";
import { quoteIdentifier, readTables, type TableShape } from "./catalog.server";
import { connectPglite, connectPostgres, type SqlConnection } from "./connection.server";
import { BackupFileError, type BackupHeader, type Manifest, type Row } from "./format";
import { migrateInTransaction } from "./migrate-in-transaction.server";
import { checkSidecar, readBackup, readBackupHeader, verifyBackup } from "./read.server";
import { tableChecksums } from "./write.server";

export type RestoreTarget = { url: string } | { dataDir: string };

export interface RestoreOptions {
  /** Replace what the target holds (otherwise a target with any table is refused). */
  replace?: boolean;
  /** Progress for the operator: one line per table. */
  report?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations applied after the rows, when the backup came from an earlier release. */
  upgradedBy: number;
  /** Embedded, replacing: where the database that was there now is. */
  setAside?: string;
}

/** The target holds data and `replace` was not given; nothing was touched. */
export class TargetNotEmptyError extends Error {
  override name = "TargetNotEmptyError";
}

/**
 * Restores a backup into an empty database (or, with `replace`, over one), as one transaction
 * (docs/decisions/0076): the schema the backup was taken with (its migrations), its rows with
 * the tables' triggers held (derived tables come from the file as they were), its sequences,
 * a check of every table against the file's checksums, then this release's later migrations.
 * The file is read through once first, so a cut, damaged or edited one is refused before the
 * target is touched; any later failure rolls all of it back. The embedded database is
 * built in a folder beside the target and moved into place only once committed.
 */
export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const report = options.report ?? (() => {});
  const header = await readBackupHeader(file);
  const schemaCount = compatibleMigrationCount(header);
  await checkSidecar(file);
  await verifyBackup(file);
  if ("url" in target) return restoreIntoPostgres(file, target.url, schemaCount, options, report);
  return restoreIntoDataDir(file, target.dataDir, schemaCount, options, report);
}

/**
 * How many of this release's migrations the backup's schema has: its migrations must be the
 * first ones of this release's journal. More, or others, mean a newer or another release.
 */
function compatibleMigrationCount(header: BackupHeader): number {
  const committed = committedMigrations();
  const fileTimes = header.migrations.map((migration) => migration.when);
  if (fileTimes.length > committed.length) {
    throw new BackupFileError(
      `This backup was made by a newer release: its schema has ${fileTimes.length} migrations, this release knows ${committed.length}. Restore it with the release that made it (or a newer one).`,
    );
  }
  fileTimes.forEach((when, index) => {
    if (committed[index]?.when !== when) {
      throw new BackupFileError(
        `This backup's schema does not come from this release's line of migrations (migration ${index + 1} differs). Restore it with the release that made it.`,
      );
    }
  });
  return fileTimes.length;
}

async function restoreIntoPostgres(
  file: string,
  url: string,
  schemaCount: number,
  options: RestoreOptions,
  report: (line: string) => void,
): Promise<RestoreResult> {
  const connection = await connectPostgres(url);
  try {
    const filled = await holdsTables(connection);
    if (filled && !options.replace) {
      throw new TargetNotEmptyError(
        "The target database is not empty. Restore into an empty database, or add --replace to replace everything it holds.",
      );
    }
    return await inOneTransaction(connection, async () => {
      if (filled) {
        await connection.exec(
          "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
        );
      }
      return loadInTransaction(connection, file, schemaCount, report);
    });
  } finally {
    await connection.close();
  }
}

async function restoreIntoDataDir(
  file: string,
  dataDir: string,
  schemaCount: number,
  options: RestoreOptions,
  report: (line: string) => void,
): Promise<RestoreResult> {
  const live = path.join(dataDir, "db");
  const filled = existsSync(live) && readdirSync(live).length > 0;
  if (filled && !options.replace) {
    throw new TargetNotEmptyError(
      `There is already an embedded database in ${dataDir}. Restore into an empty DATA_DIR, or add --replace (the database there is kept aside, renamed).`,
    );
  }
  const release = acquireDataDirLock(dataDir);
  const building = path.join(dataDir, "db.restoring");
  try {
    await rm(building, { recursive: true, force: true });
    const connection = await connectPglite(building);
    let result: RestoreResult;
    try {
      result = await inOneTransaction(connection, () =>
        loadInTransaction(connection, file, schemaCount, report),
      );
    } finally {
      await connection.close();
    }
    if (filled) {
      result.setAside = `${live}.before-restore-${new Date().toISOString().replace(/[-:.]/g, "")}`;
      await rename(live, result.setAside);
    }
    await rename(building, live);
    return result;
  } finally {
    await rm(building, { recursive: true, force: true });
    release();
  }
}

/** `work` committed whole, or rolled back whole when it throws. */
async function inOneTransaction<T>(connection: SqlConnection, work: () => Promise<T>): Promise<T> {
  await connection.exec("begin");
  try {
    const result = await work();
    await connection.exec("commit");
    return result;
  } catch (error) {
    await connection.exec("rollback").catch(() => {});
    throw error;
  }
}

async function holdsTables(connection: SqlConnection): Promise<boolean> {
  const rows = await connection.rows(`
    select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where (n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'S')) or n.nspname = 'drizzle'
    limit 1`);
  return rows.length > 0;
}

async function loadInTransaction(
  connection: SqlConnection,
  file: string,
  schemaCount: number,
  report: (line: string) => void,
): Promise<RestoreResult> {
  await migrateInTransaction(connection.drizzle(), schemaCount);
  const tables = new Map((await readTables(connection)).map((table) => [table.name, table]));
  let current: { shape: TableShape; insert: string; rows: number } | null = null;
  let manifest: Manifest | null = null;
  for await (const record of readBackup(file)) {
    if (record.kind === "table") {
      if (current) await finishTable(connection, current, report);
      const shape = tables.get(record.start.table);
      const expected = shape?.columns.map((column) => column.name).join(",");
      if (!shape || expected !== record.start.columns.map((column) => column.name).join(",")) {
        throw new BackupFileError(
          `The backup's table ${record.start.table} does not match the schema its migrations make: the file was edited, or made by another build.`,
        );
      }
      await connection.exec(`alter table ${quoteIdentifier(shape.name)} disable trigger user`);
      current = { shape, insert: insertStatement(shape), rows: 0 };
    } else if (record.kind === "rows" && current) {
      await connection.rows(current.insert, [JSON.stringify(record.rows satisfies Row[])]);
      current.rows += record.rows.length;
    } else if (record.kind === "sequences") {
      if (current) await finishTable(connection, current, report);
      current = null;
      for (const sequence of record.sequences) {
        await connection.rows("select setval($1::regclass, $2::bigint, $3::boolean)", [
          quoteIdentifier(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
      }
    } else if (record.kind === "end") {
      manifest = record.manifest;
    }
  }
  if (!manifest) throw new BackupFileError("The backup file is incomplete.");
  const restored = await tableChecksums(connection);
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const got = restored[table];
    if (!got || got.rows !== expected.rows || got.sha256 !== expected.sha256) {
      throw new BackupFileError(
        `The restored table ${table} does not match the backup (${got?.rows ?? 0} rows read back, ${expected.rows} in the file): nothing was restored.`,
      );
    }
  }
  const before = committedMigrations().length;
  await migrateInTransaction(connection.drizzle());
  return { manifest, upgradedBy: before - schemaCount };
}

async function finishTable(
  connection: SqlConnection,
  table: { shape: TableShape; rows: number },
  report: (line: string) => void,
): Promise<void> {
  await connection.exec(`alter table ${quoteIdentifier(table.shape.name)} enable trigger user`);
  report(`  ${table.shape.name}: ${table.rows} rows`);
}

/** One INSERT per batch: the rows as one JSON parameter, each value cast from text to its type. */
function insertStatement(table: TableShape): string {
  const columns = table.columns.map((column) => quoteIdentifier(column.name)).join(", ");
  const values = table.columns
    .map((column, index) => `(r ->> ${index})::${column.type}`)
    .join(", ");
  return `insert into ${quoteIdentifier(table.name)} (${columns}) select ${values} from json_array_elements($1::json) as r`;
}
