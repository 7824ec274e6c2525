import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./net";
import { waitFor, withTimeout } from "./wait";

/**
 * nginx (Debian's package) as a child of the test: a load balancer on loopback in front of app
 * instances, with its own prefix, config, pid file, error log and temp folders in a temp dir,
 * so it needs no root-only path and leaves nothing behind.
 */
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

export interface RunningNginx {
  url: string;
  port: number;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Why nginx cannot run here, or undefined when it can. */
export function nginxUnavailable(): string | undefined {
  return existsSync(NGINX) ? undefined : `${NGINX} is missing (apt-get install nginx)`;
}

/** The port nginx will listen on, chosen before the app instances start (their BASE_URL). */
export const nginxPort = freePort;

/** Starts nginx on `port`, balancing round-robin over `upstreams` (127.0.0.1 ports). */
export async function startNginx(port: number, upstreams: number[]): Promise<RunningNginx> {
  const prefix = await mkdtemp(path.join(tmpdir(), "fault-nginx-"));
  // Worker processes drop root for "nobody": they must reach the prefix and its temp folders.
  await chmod(prefix, 0o755);
  for (const dir of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    await mkdir(path.join(prefix, dir), { mode: 0o777 });
    await chmod(path.join(prefix, dir), 0o777);
  }
  const errorLog = path.join(prefix, "error.log");
  const config = path.join(prefix, "nginx.conf");
  await writeFile(
    config,
    `worker_processes 1;
daemon off;
master_process on;
pid ${prefix}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 13m;
  upstream app {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ["-p", prefix, "-c", config, "-e", errorLog], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    await withTimeout(exited, 10_000, "nginx shutdown").catch(() => child.kill("SIGKILL"));
    await rm(prefix, { recursive: true, force: true });
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${output.join("")}`);
        return (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200;
      },
      { timeoutMs: 15_000, message: "nginx to answer /healthz" },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, logs: () => output.join(""), stop };
}
