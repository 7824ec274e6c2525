import { spawn } from "node:child_process";

interface ProbeOptions {
  /** Pause between two probes, in ms. */
  intervalMs?: number;
  /** Stop by itself after this many counted probes (default: only when `stop()` is called). */
  count?: number;
}

/**
 * Asks `<baseUrl>/healthz` every `intervalMs` from a process of its own (so the test's own work,
 * such as encoding uploads, never delays a probe) until stopped, each on a fresh connection as a
 * load balancer's probe would. Resolves once the first probe answered; `stop()` resolves with
 * every latency seen after that, in ms.
 */
export async function startHealthProbe(baseUrl: string, options: ProbeOptions = {}) {
  const { intervalMs = 25, count = 0 } = options;
  const script = `
    const latencies = [];
    let running = true;
    process.stdin.on("data", () => { running = false; });
    (async () => {
      while (running && (${count} === 0 || latencies.length <= ${count})) {
        const started = performance.now();
        const response = await fetch(process.argv[1] + "/healthz", { headers: { Connection: "close" } });
        await response.text();
        if (response.status !== 200) throw new Error("healthz answered " + response.status);
        latencies.push(performance.now() - started);
        process.stdout.write(latencies.length === 1 ? "ready;" : ".");
        await new Promise((resolve) => setTimeout(resolve, ${intervalMs}));
      }
      process.stdout.write(JSON.stringify(latencies));
      process.exit(0);
    })();`;
  const child = spawn(process.execPath, ["-e", script, baseUrl], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.startsWith("ready;")) resolve();
    };
    child.stdout.on("data", check);
    void exited.then(() => reject(new Error("the health probe ended before its first answer")));
  });
  return {
    /** How many probes have answered since the first one (which is not counted). */
    answered(): number {
      return output.length - output.replace(/\./g, "").length;
    },
    /** Stops probing (with `count`: waits for the last of them) and gives the latencies. */
    async stop(): Promise<{ latencies: number[]; slowest: number }> {
      if (count === 0) child.stdin.end("stop\n");
      const code = await exited;
      if (code !== 0) throw new Error(`the health probe failed (exit ${code})`);
      // The first probe, made before the test began, is not counted.
      const json = output.slice("ready;".length).replace(/^\.+/, "");
      const latencies = (JSON.parse(json) as number[]).slice(1);
      return { latencies, slowest: Math.max(...latencies) };
    },
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * How much slower than a quiet machine this one answers right now: the median /healthz latency of
 * the idle server, probed 40 times just before the load a test measures, against what a quiet
 * 2-core machine takes (QUIET_MEDIAN_MS), and never below 1. Two busy processes beside the test,
 * or other tests, make every probe wait for a core, idle or not: a bound multiplied by this holds
 * on a busy machine as it does on a quiet one, and a server that stalls its event loop for a whole
 * upload still fails it (ADR 0073).
 */
export async function machineSlowdown(
  baseUrl: string,
): Promise<{ factor: number; report: string }> {
  const probe = await startHealthProbe(baseUrl, { count: 40 });
  const idle = median((await probe.stop()).latencies);
  const factor = Math.max(1, idle / QUIET_MEDIAN_MS);
  return {
    factor,
    report: `idle /healthz median ${idle.toFixed(1)} ms, bounds x${factor.toFixed(1)}`,
  };
}

/**
 * The idle /healthz median on a quiet 2-core machine, generously: 2-4 ms were seen on this
 * project's hosts with nothing else running.
 */
const QUIET_MEDIAN_MS = 5;
