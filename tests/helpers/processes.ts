import { readFileSync } from "node:fs";

/**
 * A process's state and CPU time from /proc/<pid>/stat (Linux), or null when it is gone. The
 * command name (field 2) is in parentheses and may hold spaces, so fields are read after it.
 */
export function processStat(pid: number): { state: string; cpuSeconds: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 a second on Linux).
  return {
    state: fields[0] ?? "",
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
  };
}

/** Running, and not a zombie: an orphan nobody reaps still answers signal 0. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const state = processStat(pid)?.state;
  return state !== undefined && state !== "Z" && state !== "X";
}
