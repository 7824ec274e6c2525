import { spawn } from "node:child_process";

/**
 * Asks `<baseUrl>/healthz` every `intervalMs` from a process of its own (so the test's own work,
 * such as encoding uploads, never delays a probe) until stopped, each on a fresh connection as a
 * load balancer's probe would. Resolves once the first probe answered; `stop()` resolves with
 * every latency seen after that, in ms.
 */
export async function startHealthProbe(baseUrl: string, intervalMs = 25) {
  const script = `
    const latencies = [];
    let running = true;
    process.stdin.on("data", () => { running = false; });
    (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(process.argv[1] + "/healthz", { headers: { Connection: "close" } });
        await response.text();
        if (response.status !== 200) throw new Error("healthz answered " + response.status);
        latencies.push(performance.now() - started);
        if (latencies.length === 1) process.stdout.write("ready;");
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
    async stop(): Promise<{ latencies: number[]; slowest: number }> {
      child.stdin.end("stop\n");
      const code = await exited;
      if (code !== 0) throw new Error(`the health probe failed (exit ${code})`);
      // The first probe, made before the test began, is not counted.
      const latencies = (JSON.parse(output.slice("ready;".length)) as number[]).slice(1);
      return { latencies, slowest: Math.max(...latencies) };
    },
  };
}
