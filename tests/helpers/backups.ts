import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { connectPglite, connectPostgres } from "~/db/backup/connection.server";
import type { Manifest } from "~/db/backup/format";
import type { RestoreTarget } from "~/db/backup/restore.server";
import { tableChecksums } from "~/db/backup/write.server";
import { createScratchDatabase } from "./postgres";

/**
 * Backups in tests (issue 40, items 1-3): empty targets on either engine, each table's
 * checksum read back, and files altered the ways a disk, a copy or a hand can alter them.
 */

export interface EmptyTarget {
  target: RestoreTarget;
  remove: () => Promise<void>;
}

/** An empty DATA_DIR, or an empty database on the PostgreSQL server in TEST_DATABASE_URL. */
export async function emptyTarget(kind: "pglite" | "postgres"): Promise<EmptyTarget> {
  if (kind === "postgres") {
    const scratch = await createScratchDatabase();
    return { target: { url: scratch.url }, remove: scratch.drop };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "conecta-restore-"));
  return { target: { dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Each table's count and checksum, read as a backup reads them (the target must not be open elsewhere). */
export async function checksumsOf(target: RestoreTarget): Promise<Manifest["tables"]> {
  const connection =
    "url" in target
      ? await connectPostgres(target.url)
      : await connectPglite(path.join(target.dataDir, "db"));
  try {
    await connection.exec("begin");
    const sums = await tableChecksums(connection);
    await connection.exec("commit");
    return sums;
  } finally {
    await connection.close();
  }
}

/** The file's lines, unzipped. */
export async function backupLines(file: string): Promise<string[]> {
  return gunzipSync(await readFile(file))
    .toString("utf8")
    .trimEnd()
    .split("\n");
}

/** A copy of `file` (without its .sha256) whose lines `edit` changed. */
export async function editedCopy(
  file: string,
  edit: (lines: string[]) => string[],
): Promise<string> {
  const copy = `${file}.edited-${Date.now()}.gz`;
  await writeFile(copy, gzipSync(`${edit(await backupLines(file)).join("\n")}\n`));
  return copy;
}

/** A copy of the first `fraction` of the file's bytes, as a copy interrupted halfway leaves it. */
export async function truncatedCopy(file: string, fraction: number): Promise<string> {
  const bytes = await readFile(file);
  const copy = `${file}.cut-${Date.now()}.gz`;
  await writeFile(copy, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return copy;
}

/** `sha256sum -c` over the .sha256 written beside a backup: the operator's own check. */
export function sha256sumCheck(file: string): string {
  return execFileSync("sha256sum", ["-c", `${path.basename(file)}.sha256`], {
    cwd: path.dirname(file),
    encoding: "utf8",
  });
}
