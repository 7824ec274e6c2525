import { startServer } from "../../tests/helpers/server";
import type { Dataset } from "./datasets";
import { type LoadResult, type LoadSettings, measure } from "./load";
import { loadAverage, peakRssMb } from "./machine";

export interface Page {
  name: string;
  /** Path and query; ids are filled in from the running app. */
  path: string;
  uniqueQuery?: boolean;
  /** Overrides the run's connections: 1 measures latency alone, with no queueing. */
  connections?: number;
}

export interface PageRow {
  page: Page;
  result: LoadResult;
  /** The hello-world server measured just before this page, under the same machine load. */
  baseline: LoadResult;
  /** The app process's VmHWM after this page (a high-water mark: it never goes down). */
  peakRssMb: number | null;
}

export interface AppRun {
  dataset: Dataset;
  rows: PageRow[];
  loadBefore: string;
  loadAfter: string;
  /** Where --cpu-prof wrote, when the run was profiled. */
  profileDir?: string;
}

export const SESSION_SECRET = "benchmark-session-secret-0123456789abcdef";

/**
 * Starts the production build on a seeded dataset (NODE_ENV=production, as deployed) and
 * measures each page after a short warm-up, each one right after the baseline server so both
 * numbers see the same machine load.
 */
export async function runApp(
  dataset: Dataset,
  pages: Page[],
  settings: LoadSettings & { warmupSeconds: number },
  baselineUrl: string,
  options: { profileDir?: string } = {},
): Promise<AppRun> {
  const server = await startServer({
    env: {
      NODE_ENV: "production",
      SESSION_SECRET,
      ...("url" in dataset.target ? { DATABASE_URL: dataset.target.url } : {}),
    },
    ...("dataDir" in dataset.target ? { dataDir: dataset.target.dataDir } : {}),
    nodeArgs: options.profileDir ? ["--cpu-prof", `--cpu-prof-dir=${options.profileDir}`] : [],
  });
  const loadBefore = loadAverage();
  const rows: PageRow[] = [];
  try {
    const resolved = await resolveIds(server.url, pages);
    for (const page of resolved) {
      const url = `${server.url}${page.path}`;
      await checkAnswers(url);
      const load = { ...settings, connections: page.connections ?? settings.connections };
      const warmup = { connections: load.connections, durationSeconds: settings.warmupSeconds };
      if (warmup.durationSeconds > 0) await measure(url, warmup, page);
      const baseline = await measure(baselineUrl, load);
      const result = await measure(url, load, page);
      rows.push({ page, result, baseline, peakRssMb: peakRssMb(server.process.pid) });
      console.log(
        `  ${page.name.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99.toFixed(1)} ms  errors ${result.errors}  (baseline ${baseline.requestsPerSecond.toFixed(0)} req/s)`,
      );
    }
  } finally {
    const exit = await server.stop();
    if (exit.code !== 0)
      console.error(`app exited with ${exit.code}:\n${server.logs().slice(-2000)}`);
  }
  return { dataset, rows, loadBefore, loadAfter: loadAverage(), profileDir: options.profileDir };
}

/** `:institution` and `:event` become the first ids the public list APIs answer with. */
async function resolveIds(baseUrl: string, pages: Page[]): Promise<Page[]> {
  const firstId = async (api: string) => {
    const response = await fetch(`${baseUrl}${api}`);
    const body = (await response.json()) as { items?: { id: string }[] };
    const id = body.items?.[0]?.id;
    if (!id) throw new Error(`${api} listed nothing: is the dataset empty?`);
    return id;
  };
  const needs = (token: string) => pages.some((page) => page.path.includes(token));
  const institution = needs(":institution") ? await firstId("/api/instituicoes") : "";
  const event = needs(":event") ? await firstId("/api/eventos") : "";
  return pages.map((page) => ({
    ...page,
    path: page.path.replace(":institution", institution).replace(":event", event),
  }));
}

/** A page that does not answer 200 would be measured as a fast error page: refuse early. */
async function checkAnswers(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
}
