import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import {
  readAppliedMigrations,
  readSequences,
  readTables,
  selectAsText,
  type TableShape,
} from "./catalog.server";
import type { SqlConnection } from "./connection.server";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupHeader,
  backupFileName,
  type Manifest,
  type Row,
  type TableEnd,
} from "./format";
import type { Snapshot } from "./snapshot.server";

export interface WrittenBackup {
  file: string;
  bytes: number;
  sha256: string;
  manifest: Manifest;
}

/**
 * Writes the snapshot to `<dir>/conecta-<time>.backup.gz` (format.ts), through a `.partial` name
 * renamed at the end: a file with the final name is always whole. The `.sha256` beside it is
 * written last.
 */
export async function writeBackup(
  snapshot: Snapshot,
  dir: string,
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<WrittenBackup> {
  const now = options.now ?? new Date();
  const file = path.join(dir, backupFileName(now));
  const partial = `${file}.partial`;
  const manifest: Manifest = { tables: {}, sequences: 0 };
  const fileDigest = createHash("sha256");
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      fileDigest.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.from(backupLines(snapshot, now, manifest, options.signal)),
      createGzip({ level: 6 }),
      tap,
      createWriteStream(partial, { mode: 0o600 }),
      { signal: options.signal },
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const sha256 = fileDigest.digest("hex");
  await writeFile(`${file}.sha256`, `${sha256}  ${path.basename(file)}\n`, { mode: 0o600 });
  return { file, bytes: (await stat(file)).size, sha256, manifest };
}

async function* backupLines(
  snapshot: Snapshot,
  now: Date,
  manifest: Manifest,
  signal: AbortSignal | undefined,
): AsyncGenerator<string> {
  const { connection } = snapshot;
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now.toISOString(),
    engine: snapshot.engine,
    migrations: await readAppliedMigrations(connection),
  };
  yield `${JSON.stringify(header)}\n`;
  for (const table of await readTables(connection)) {
    signal?.throwIfAborted();
    yield `${JSON.stringify({
      table: table.name,
      columns: table.columns.map(({ name, type }) => ({ name, type })),
    })}\n`;
    const digest = createHash("sha256");
    let rows = 0;
    for await (const lines of tableLines(connection, table)) {
      digest.update(lines.text);
      rows += lines.rows;
      yield lines.text;
    }
    const end: TableEnd = { end: table.name, rows, sha256: digest.digest("hex") };
    manifest.tables[table.name] = { rows, sha256: end.sha256 };
    yield `${JSON.stringify(end)}\n`;
  }
  const sequences = await readSequences(connection);
  manifest.sequences = sequences.length;
  yield `${JSON.stringify({ sequences })}\n`;
  yield `${JSON.stringify({ manifest, complete: true })}\n`;
}

/**
 * A table's rows as the file's lines, through a cursor, a batch at a time: a few rows of photos,
 * more of the rest, so that memory holds one batch whatever the table's size.
 */
async function* tableLines(
  connection: SqlConnection,
  table: TableShape,
): AsyncGenerator<{ text: string; rows: number }> {
  const size = table.columns.some((column) => column.wide) ? 16 : 500;
  await connection.exec(`declare backup_rows no scroll cursor for ${selectAsText(table)}`);
  try {
    for (;;) {
      const batch = (await connection.rows(`fetch ${size} from backup_rows`)) as Row[];
      if (batch.length === 0) break;
      let text = "";
      for (const row of batch) text += `${JSON.stringify(row)}\n`;
      yield { text, rows: batch.length };
    }
  } finally {
    await connection.exec("close backup_rows");
  }
}

/**
 * Each table's row count and checksum as a backup of this database would record them. Cursors
 * need a transaction: the caller has one open.
 */
export async function tableChecksums(connection: SqlConnection): Promise<Manifest["tables"]> {
  const result: Manifest["tables"] = {};
  for (const table of await readTables(connection)) {
    const digest = createHash("sha256");
    let rows = 0;
    for await (const lines of tableLines(connection, table)) {
      digest.update(lines.text);
      rows += lines.rows;
    }
    result[table.name] = { rows, sha256: digest.digest("hex") };
  }
  return result;
}
