import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import {
  BUILT_ENCODINGS,
  COMPRESSION_THRESHOLD,
  compress,
} from "../../app/lib/encoded-body.server.ts";

/** Text the browser downloads; pictures and fonts are compressed already. */
const TEXT_EXTENSIONS = new Set([".js", ".css", ".svg", ".txt", ".json", ".webmanifest"]);

/**
 * The browser's files, compressed once when they are built (ADR 0062): beside each text file of
 * build/client worth it, `<file>.br` (brotli 11) and `<file>.gz` (gzip 9), each kept only when
 * smaller than the file. server/static-files.ts sends them as they are. Compressed per request
 * instead, by the compression middleware at brotli 4, the 341 kB framework chunk cost ~12 ms of
 * CPU on every cold visit and came out 16 % larger.
 */
export function precompressClient(): Plugin {
  let serverDir: string | undefined;
  return {
    name: "precompress-client",
    apply: "build",
    // The last of React Router's two builds, the server's: React Router writes the browser's
    // route manifest into build/client then, after the browser build (which copied public/).
    applyToEnvironment: (environment) => environment.name === "ssr",
    writeBundle(options) {
      serverDir = options.dir;
    },
    async closeBundle() {
      if (serverDir) await precompressDirectory(path.join(serverDir, "..", "client"));
    },
  };
}

/** Writes the compressed copies for every file under `dir` worth them. */
export async function precompressDirectory(dir: string): Promise<void> {
  for (const file of await filesUnder(dir)) {
    if (!TEXT_EXTENSIONS.has(path.extname(file))) continue;
    if ((await stat(file)).size < COMPRESSION_THRESHOLD) continue;
    const bytes = await readFile(file);
    for (const { encoding, suffix } of BUILT_ENCODINGS) {
      const encoded = await compress(bytes, encoding, "thorough");
      if (encoded.length >= bytes.length) continue;
      await writeFile(`${file}${suffix}`, encoded);
    }
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
