/**
 * The backup file (docs/decisions/0076): gzip-compressed JSON lines.
 *
 *   {"format":"conecta-voluntario-backup","version":1,...}   the header: when, from which engine,
 *                                                             the migrations the schema had
 *   {"table":"users","columns":[{"name":..,"type":..}]}      each table, in foreign-key order,
 *   ["id-1","Ana",...]                                        its rows as arrays of text (or null),
 *   {"end":"users","rows":2,"sha256":"..."}                   and its count and checksum
 *   {"sequences":[{"name":..,"lastValue":..,"isCalled":..}]}
 *   {"manifest":{...},"complete":true}                        the trailer: counts and checksums
 *
 * A table's checksum is the SHA-256 of its row lines, each followed by "\n": any engine that
 * reads the same rows prints the same lines, so a restored table can be checked against it. A
 * file without its trailer was cut short. Beside each file, `<file>.sha256` holds the whole
 * file's checksum in the format `sha256sum -c` reads.
 */
export const BACKUP_FORMAT = "conecta-voluntario-backup";
export const BACKUP_VERSION = 1;
const BACKUP_EXTENSION = ".backup.gz";

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: "postgres" | "pglite";
  /** Drizzle's record of the applied migrations: journal time and hash of each, in order. */
  migrations: { when: number; hash: string }[];
}

export interface TableStart {
  table: string;
  columns: { name: string; type: string }[];
}

export interface TableEnd {
  end: string;
  rows: number;
  sha256: string;
}

export interface Manifest {
  tables: Record<string, { rows: number; sha256: string }>;
  sequences: number;
}

export type Row = (string | null)[];

/** The backup cannot be used; the message says why (and the target was not touched). */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/** `conecta-2026-11-29T134500Z.backup.gz`: names sort by time. */
export function backupFileName(at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `conecta-${stamp}${BACKUP_EXTENSION}`;
}

export const isBackupFileName = (name: string) => /^conecta-\d{8}T\d{6}Z\.backup\.gz$/.test(name);
