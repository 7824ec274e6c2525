import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  kernel: string;
  node: string;
  postgres: string;
  packages: Record<string, string>;
}

const PACKAGES = [
  "react",
  "react-dom",
  "react-router",
  "@react-router/node",
  "drizzle-orm",
  "pg",
  "@electric-sql/pglite",
  "better-auth",
  "autocannon",
];

export function describeMachine(root: string, postgres: string): MachineInfo {
  const cpus = os.cpus();
  const packages: Record<string, string> = {};
  for (const name of PACKAGES) {
    const manifest = path.join(root, "node_modules", name, "package.json");
    packages[name] = (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
  }
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
    packages,
  };
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
}

/** Peak resident set size of a process so far (VmHWM), in MB; null when it cannot be read. */
export function peakRssMb(pid: number | undefined): number | null {
  return statusMb(pid, "VmHWM");
}

/** Resident set size of a process now (VmRSS), in MB; null when it cannot be read. */
export function rssMb(pid: number | undefined): number | null {
  return statusMb(pid, "VmRSS");
}

function statusMb(pid: number | undefined, field: "VmHWM" | "VmRSS"): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1]);
    return Number.isFinite(kib) ? Math.round(kib / 1024) : null;
  } catch {
    return null;
  }
}
