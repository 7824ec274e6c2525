import { chmodSync, lstatSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * DATA_DIR holds the embedded database, the session secret and, without SMTP, every e-mail
 * sent (reset links among them): nobody but the server's own user may read it (docs/design.md
 * section 8). Directories are made 0700, and an existing one with wider rights (made by an
 * older version, or by hand) is narrowed. PGlite unpacks its initial files readable and
 * writable by everyone (0666, whatever the umask) and rewrites a few at each start: the 0700
 * directory above them keeps them private, and `narrowTree` tidies them after it opens.
 */
export function preparePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = statSync(dir);
  const ownedByUs = typeof process.getuid !== "function" || stat.uid === process.getuid();
  if (ownedByUs && (stat.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/** Writes a file only its owner can read (0600). */
export function writePrivateFile(file: string, content: string | Uint8Array): void {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Takes group and other rights off everything under `dir` (files 0600, folders 0700 at most),
 * touching only the entries that have them. Symbolic links are left alone.
 */
export function narrowTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = lstatSync(full).mode;
    if ((mode & 0o077) !== 0) chmodSync(full, mode & 0o700);
    if (entry.isDirectory()) narrowTree(full);
  }
}
