import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";

/**
 * DATA_DIR holds the embedded database, the session secret and, without SMTP, every e-mail
 * sent (reset links among them): nobody but the server's own user may read it (DESIGN.md
 * section 8). Directories are made 0700, and an existing one with wider rights (made by an
 * older version, or by hand) is narrowed. PGlite creates its own files readable by everyone
 * (0666, whatever the umask): the 0700 directory above them is what keeps them private.
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
