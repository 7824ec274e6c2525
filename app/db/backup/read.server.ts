import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import type { SequenceValue } from "./catalog.server";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupFileError,
  type BackupHeader,
  type Manifest,
  type Row,
  type TableStart,
} from "./format";

/** What a backup file holds, record by record, each checked before it is handed on. */
export type BackupRecord =
  | { kind: "table"; start: TableStart }
  | { kind: "rows"; table: string; rows: Row[] }
  | { kind: "sequences"; sequences: SequenceValue[] }
  | { kind: "end"; manifest: Manifest };

const ROWS_PER_RECORD = 200;
const TEXT_PER_RECORD = 4 * 1024 * 1024;

/** The header alone, read before anything is touched (is this file for this release?). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  if (existsSync(file) && !(await startsLikeGzip(file))) {
    throw new BackupFileError(
      "This is not a Conecta Voluntário backup file (it is not compressed with gzip).",
    );
  }
  for await (const line of backupLines(file)) return parseHeader(line);
  throw new BackupFileError("The backup file is empty.");
}

/**
 * Every record after the header. A table's rows are counted and hashed as they pass and checked
 * against its end line, and the end against the trailer; a file cut short, damaged (gzip's own
 * check) or edited throws a BackupFileError, at the latest when the trailer should come, so
 * a restore that reads to the end has read a whole, unaltered file.
 */
export async function* readBackup(file: string): AsyncGenerator<BackupRecord> {
  const lines = backupLines(file);
  const first = await lines.next();
  if (first.done) throw new BackupFileError("The backup file is empty.");
  parseHeader(first.value);
  const seen: Manifest = { tables: {}, sequences: 0 };
  let table: {
    name: string;
    width: number;
    rows: number;
    digest: ReturnType<typeof createHash>;
  } | null = null;
  let pending: Row[] = [];
  let pendingText = 0;
  let sequencesSeen = false;
  for await (const line of lines) {
    const record = parseLine(line);
    if (Array.isArray(record)) {
      if (!table) throw damaged("a row outside any table");
      if (
        record.length !== table.width ||
        !record.every((v) => v === null || typeof v === "string")
      ) {
        throw damaged(`a row of ${table.name} that does not fit its columns`);
      }
      table.digest.update(`${line}\n`);
      table.rows++;
      pending.push(record as Row);
      pendingText += line.length;
      if (pending.length >= ROWS_PER_RECORD || pendingText >= TEXT_PER_RECORD) {
        yield { kind: "rows", table: table.name, rows: pending };
        pending = [];
        pendingText = 0;
      }
      continue;
    }
    if (typeof record.table === "string") {
      if (table || sequencesSeen) throw damaged(`table ${record.table} begins out of place`);
      const columns = record.columns as TableStart["columns"];
      if (!Array.isArray(columns) || columns.length === 0)
        throw damaged(`table ${record.table} has no columns`);
      table = { name: record.table, width: columns.length, rows: 0, digest: createHash("sha256") };
      yield { kind: "table", start: { table: record.table, columns } };
    } else if (typeof record.end === "string") {
      if (!table || record.end !== table.name)
        throw damaged(`an end of ${record.end} out of place`);
      if (pending.length > 0) yield { kind: "rows", table: table.name, rows: pending };
      pending = [];
      pendingText = 0;
      const sha256 = table.digest.digest("hex");
      if (record.rows !== table.rows || record.sha256 !== sha256) {
        throw damaged(`the rows of ${table.name} do not match their checksum`);
      }
      seen.tables[table.name] = { rows: table.rows, sha256 };
      table = null;
    } else if (Array.isArray(record.sequences)) {
      if (table || sequencesSeen) throw damaged("sequences out of place");
      sequencesSeen = true;
      seen.sequences = record.sequences.length;
      yield { kind: "sequences", sequences: record.sequences as SequenceValue[] };
    } else if (record.complete === true) {
      if (table || !sequencesSeen) throw damaged("the trailer comes too early");
      const manifest = record.manifest as Manifest;
      if (JSON.stringify(manifest) !== JSON.stringify(seen)) {
        throw damaged("the manifest does not match the tables");
      }
      if (!(await lines.next()).done) throw damaged("lines after the trailer");
      yield { kind: "end", manifest };
      return;
    } else {
      throw damaged("a line of an unknown kind");
    }
  }
  throw new BackupFileError(
    "The backup file is incomplete: it ends before its last line (cut short while copying or writing?).",
  );
}

/**
 * Reads the whole file once, checking everything readBackup checks, and returns its manifest: a
 * cut, damaged or edited file is refused before anything is touched.
 */
export async function verifyBackup(file: string): Promise<Manifest> {
  for await (const record of readBackup(file)) {
    if (record.kind === "end") return record.manifest;
  }
  throw new BackupFileError("The backup file is incomplete.");
}

/** Compares the file with the checksum written beside it, when there is one. */
export async function checkSidecar(file: string): Promise<void> {
  const sidecar = `${file}.sha256`;
  if (!existsSync(sidecar)) return;
  const expected = (await readFile(sidecar, "utf8")).trim().split(/\s+/)[0];
  const digest = createHash("sha256");
  for await (const chunk of createReadStream(file)) digest.update(chunk as Buffer);
  if (digest.digest("hex") !== expected) {
    throw new BackupFileError(
      `The backup file does not match its checksum in ${path.basename(sidecar)}: it was changed or damaged after it was written.`,
    );
  }
}

async function startsLikeGzip(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

function parseHeader(line: string): BackupHeader {
  const header = parseLine(line) as Partial<BackupHeader>;
  if (Array.isArray(header) || header.format !== BACKUP_FORMAT) {
    throw new BackupFileError("This is not a Conecta Voluntário backup file.");
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupFileError(
      `This backup file has format version ${header.version}; this release reads version ${BACKUP_VERSION}. Restore it with the release that made it.`,
    );
  }
  if (!Array.isArray(header.migrations)) throw damaged("a header without its migrations");
  return header as BackupHeader;
}

function parseLine(line: string): Record<string, unknown> | unknown[] {
  try {
    const value = JSON.parse(line) as unknown;
    if (value && typeof value === "object") return value as Record<string, unknown> | unknown[];
  } catch {
    // Reported below.
  }
  throw damaged("a line that is not a record");
}

const damaged = (what: string) => new BackupFileError(`The backup file is damaged: ${what}.`);

/** The file's lines, unzipped as they are read; a damaged or cut gzip stream is a BackupFileError. */
async function* backupLines(file: string): AsyncGenerator<string> {
  if (!existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  let rest = "";
  try {
    for await (const chunk of gunzip) {
      const text = rest + decoder.write(chunk as Buffer);
      const lines = text.split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) yield line;
    }
  } catch (error) {
    throw new BackupFileError(
      `The backup file is damaged or incomplete (${(error as Error).message}).`,
    );
  } finally {
    source.destroy();
    gunzip.destroy();
  }
  rest += decoder.end();
  if (rest.length > 0) yield rest;
}
