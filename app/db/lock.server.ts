import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { preparePrivateDir } from "~/lib/private-files.server";

/**
 * PGlite has no inter-process lock, and two processes on one data directory corrupt it. This
 * lock file names its owner: the PID and, where the system tells (Linux), the process's start
 * time. A file left by a process that no longer runs (killed with -9, crashed, a zombie
 * waiting to be reaped, or a PID since reused by another program) is taken over, so a server the
 * supervisor restarts after a crash opens its database at once.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export function acquireDataDirLock(dataDir: string): () => void {
  preparePrivateDir(dataDir);
  const file = path.join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, ownerLine(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [pidText, startedText] = readFileSync(file, "utf8").trim().split(/\s+/);
      const owner = Number.parseInt(pidText ?? "", 10);
      if (isRunning(owner, startedText)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by another process (PID ${owner}). ` +
            "Stop that process first, or point DATA_DIR at another folder.",
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`);
}

function ownerLine(pid: number): string {
  const started = procStat(pid)?.startTime;
  return started ? `${pid} ${started}` : String(pid);
}

function isRunning(pid: number, recordedStart: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  const stat = procStat(pid);
  if (!stat) return true; // No /proc: the signal test is all we have.
  if (stat.state === "Z" || stat.state === "X") return false;
  return recordedStart === undefined || recordedStart === stat.startTime;
}

/** State and start time (clock ticks since boot) from /proc/<pid>/stat; null elsewhere. */
function procStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name (field 2) is in parentheses and may hold spaces: read after its end.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : null;
}
