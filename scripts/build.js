// `npm run build` and the first `npm start` (scripts/ensure-build.js): `react-router build`,
// with its output passed through except one warning that is not ours. React Router's plugin
// (7.18) loads its config through Vite dev servers it creates with `envFile: false`, an option
// Vite 8 calls deprecated, and its own logger prints that line a dozen times per build; no option
// of ours reaches that logger. Exactly that line is dropped, every other one is kept.
//
// With --summary (the first start), Vite's report (one line per chunk) is left out: the build
// runs at log level "warn", so warnings and errors still show, and one line at the end says how
// long it took and how big it is. `npm run build` keeps the report, which developers read.
import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DEPENDENCY_WARNING = "The `envFile` option is deprecated";
const summary = process.argv.includes("--summary");

/** Bytes of the files under `dir`, without the precompressed copies of browser files (ADR 0062). */
function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const started = performance.now();
const child = spawn(
  process.execPath,
  [
    path.join(root, "node_modules/@react-router/dev/bin.js"),
    "build",
    ...(summary ? ["--logLevel", "warn"] : []),
  ],
  {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    // Piped, the build would lose its colours; keep them for a person at a terminal.
    env:
      process.stdout.isTTY && !process.env.NO_COLOR
        ? { FORCE_COLOR: "1", ...process.env }
        : process.env,
  },
);
for (const [from, to] of [
  [child.stdout, process.stdout],
  [child.stderr, process.stderr],
]) {
  createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
    if (!line.includes(DEPENDENCY_WARNING)) to.write(`${line}\n`);
  });
}
child.on("close", (code, signal) => {
  if (code !== 0) {
    console.error(`The build failed (${signal ?? `exit code ${code}`}).`);
    process.exit(code || 1);
  }
  if (summary) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const browser = megabytes(sizeOf(path.join(root, "build/client")));
    const server = megabytes(sizeOf(path.join(root, "build/server")));
    console.log(
      `Build finished in ${seconds} s: ${browser} for browsers, ${server} for the server.`,
    );
  }
});
