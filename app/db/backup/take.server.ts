import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { DatabaseTarget } from "../client.server";
import { isBackupFileName } from "./format";
import { openSnapshot } from "./snapshot.server";
import { type WrittenBackup, writeBackup } from "./write.server";

/**
 * One backup of the configured database into `dir` (`npm run backup`, and the server's scheduled
 * runs, which run that command as a child process: docs/decisions/0076). The embedded database is
 * copied into a scratch folder inside `dir`, which is where the room for the backup is anyway.
 */
export async function takeBackup(
  target: DatabaseTarget,
  dir: string,
  options: { signal?: AbortSignal; now?: Date } = {},
): Promise<WrittenBackup> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const snapshot = await openSnapshot(
    "url" in target ? { url: target.url } : { dataDir: target.dataDir, scratchDir: dir },
  );
  try {
    return await writeBackup(snapshot, dir, options);
  } finally {
    await snapshot.close();
  }
}

/**
 * Deletes all but the `keep` newest backups in `dir` (with their checksum files); files of other
 * names are never touched. Returns the names deleted.
 */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir)).filter(isBackupFileName).sort().reverse();
  const old = names.slice(keep);
  for (const name of old) {
    await rm(path.join(dir, name), { force: true });
    await rm(path.join(dir, `${name}.sha256`), { force: true });
  }
  return old;
}
