import { copyFile, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A copy of a live embedded database directory that PostgreSQL's own crash recovery makes
 * consistent, taken without the server's help and without stopping it (docs/decisions/0076).
 *
 * The server writes its files while they are copied, so the copy alone is torn. It is taken in
 * the order a base backup is: the control file first, which names the checkpoint recovery starts
 * from; then the data files, any of which may be half old, half new; then the write-ahead log
 * last, which holds every change since that checkpoint, each changed page first as a whole image
 * (full_page_writes). Opening the copy replays the log over the torn pages: the copy is the
 * database as it was at some moment during the copy, every commit acknowledged before the copy
 * began included. A log the server recycled meanwhile leaves recovery without its start, and the
 * opening fails loudly (the caller tries again); it never yields a silently wrong copy.
 */
const CONTROL_FILE = path.join("global", "pg_control");
const WAL = "pg_wal";

export async function copyLiveDatabase(source: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await mkdir(path.join(target, "global"), { recursive: true, mode: 0o700 });
  await writeFile(path.join(target, CONTROL_FILE), await readFile(path.join(source, CONTROL_FILE)));
  await copyTree(source, target, (relative) => relative !== CONTROL_FILE && relative !== WAL);
  await copyTree(path.join(source, WAL), path.join(target, WAL), () => true);
}

async function copyTree(
  source: string,
  target: string,
  include: (relative: string) => boolean,
  prefix = "",
): Promise<void> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(source, { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (!include(relative)) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      await copyTree(from, to, include, relative);
    } else if (entry.isFile()) {
      try {
        await copyFile(from, to);
      } catch (error) {
        // A relation dropped while copying: recovery replays its drop (or its new file) anyway.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
}
