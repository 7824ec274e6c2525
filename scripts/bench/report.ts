import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { AppRun, PageRow } from "./app-run";
import type { ProfileFrame } from "./cpu-profile";
import type { QueryTiming } from "./datasets";
import type { LoadSettings } from "./load";
import type { MachineInfo } from "./machine";

export interface SearchRun {
  backend: string;
  datasetLabel: string;
  timings: QueryTiming[];
}

export interface BenchReport {
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  loadAtStart: string;
  loadAtEnd: string;
  settings: LoadSettings & { warmupSeconds: number; searchRuns: number };
  runs: AppRun[];
  searches: SearchRun[];
  profile?: { what: string; frames: ProfileFrame[] };
  smoke: boolean;
}

const START = "<!-- bench:start (written by npm run bench; edit outside these markers) -->";
const END = "<!-- bench:end -->";

/**
 * Writes the measured part of docs/benchmarks.md between two markers, keeping whatever was
 * written by hand around them (the analysis of the gaps), so a new run replaces only numbers.
 */
export function writeReport(file: string, report: BenchReport): void {
  const generated = `${START}\n${renderReport(report)}\n${END}`;
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const from = previous.indexOf(START);
  const to = previous.indexOf(END);
  const text =
    from >= 0 && to > from
      ? `${previous.slice(0, from)}${generated}${previous.slice(to + END.length)}`
      : `# Benchmarks\n\n${generated}\n`;
  writeFileSync(file, text);
}

export function renderReport(report: BenchReport): string {
  const { machine, settings } = report;
  const lines: string[] = [];
  lines.push(
    `Run of ${report.startedAt.toISOString().slice(0, 16).replace("T", " ")} to ${report.finishedAt.toISOString().slice(11, 16)} UTC${report.smoke ? " (smoke sizes: checks the pipeline, the numbers mean nothing)" : ""}.`,
    "",
    "### Machine and versions",
    "",
    `- CPU: ${machine.cpuModel}, ${machine.cores} cores; memory ${machine.memoryGiB} GiB; ${machine.kernel}`,
    `- Load average (1 / 5 / 15 min): ${report.loadAtStart} at start, ${report.loadAtEnd} at end. The machine is shared: other builds and test suites ran during the measurement.`,
    `- Node ${machine.node}; ${machine.postgres}`,
    `- ${Object.entries(machine.packages)
      .map(([name, version]) => `${name} ${version}`)
      .join(", ")}`,
    "",
    "### Settings",
    "",
    `- autocannon: ${settings.connections} connections, ${settings.requests ? `${settings.requests} requests` : `${settings.durationSeconds} s`} per measurement after a ${settings.warmupSeconds} s warm-up of the same URL; client on the same machine (it takes CPU from the server).`,
    "- Requests as a first visit: no cookie, no `Accept-Encoding` (bodies uncompressed), `Accept: text/html,application/json`.",
    "- Baseline: a plain Node `http` hello-world server in its own process, measured right before each page, so each row's two numbers saw the same machine load.",
    "- App: `node server/main.js` from `npm run build`, `NODE_ENV=production`, `SESSION_SECRET` set; `DATABASE_URL` for PostgreSQL, a temporary `DATA_DIR` for PGlite.",
    "- Latency percentiles are over every response of the measurement (2xx or not); errors = non-2xx answers + socket errors + timeouts.",
    "- Peak RSS: the app process's `VmHWM` from `/proc/<pid>/status` after that page (a high-water mark for the run so far).",
    "",
  );
  for (const run of report.runs) {
    const { dataset } = run;
    lines.push(
      `### ${backendName(dataset.backend)}: ${dataset.spec.label}`,
      "",
      `Data: ${Object.entries(dataset.counts)
        .map(([name, count]) => `${count.toLocaleString("en-US")} ${name}`)
        .join(
          ", ",
        )} (seeded in ${dataset.seedSeconds.toFixed(0)} s). Load average ${run.loadBefore} before, ${run.loadAfter} after.`,
      "",
      "| page | req/s | p50 ms | p95 ms | p99 ms | errors | baseline req/s | baseline p99 ms | app peak RSS MB |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...run.rows.map(
        ({ page, result, baseline, peakRssMb }) =>
          `| ${page.name} (\`${page.path}${page.uniqueQuery ? `${page.path.includes("?") ? "&" : "?"}bench=N` : ""}\`) | ${fixed(result.requestsPerSecond, 0)} | ${fixed(result.p50, 1)} | ${fixed(result.p95, 1)} | ${fixed(result.p99, 1)} | ${result.errors} | ${fixed(baseline.requestsPerSecond, 0)} | ${fixed(baseline.p99, 1)} | ${peakRssMb ?? "?"} |`,
      ),
      "",
    );
  }
  for (const search of report.searches) {
    lines.push(
      `### Directory search query alone: ${backendName(search.backend)}, ${search.datasetLabel}`,
      "",
      `\`listApprovedInstitutions\` (the page's own Drizzle query, first page of 20 + 1 rows), called ${settings.searchRuns} times one after another from the benchmark process after 20 warm-up calls; time from call to rows, no HTTP or rendering.`,
      "",
      "| term | approved matches | p50 ms | p95 ms | p99 ms |",
      "|---|---:|---:|---:|---:|",
      ...search.timings.map(
        (timing) =>
          `| ${timing.term} | ${timing.matches.toLocaleString("en-US")} | ${fixed(timing.p50, 2)} | ${fixed(timing.p95, 2)} | ${fixed(timing.p99, 2)} |`,
      ),
      "",
    );
  }
  lines.push(...budgetLines(report));
  if (report.profile) {
    lines.push(
      `### CPU profile: ${report.profile.what}`,
      "",
      "Top frames by self time (`node --cpu-prof`, idle samples left out); total = the share of samples with the frame anywhere on the stack.",
      "",
      "| self % | total % | frame |",
      "|---:|---:|---|",
      ...report.profile.frames.map(
        (frame) =>
          `| ${frame.selfPercent.toFixed(1)} | ${frame.totalPercent.toFixed(1)} | \`${frame.frame}\` |`,
      ),
      "",
    );
  }
  return lines.join("\n").trimEnd();
}

/** docs/design.md section 9's server budgets against this run's rows. */
function budgetLines(report: BenchReport): string[] {
  const postgresRuns = report.runs.filter((run) => run.dataset.backend === "postgres");
  const rowOf = (run: AppRun | undefined, name: string) =>
    run?.rows.find((candidate) => candidate.page.name === name);
  const directory = rowOf(postgresRuns[0], "directory");
  const rendered = rowOf(postgresRuns[0], "directory, rendered");
  // Latency budget: the rows measured with one connection, so no request waits for another.
  const searchRows = (postgresRuns[1]?.rows ?? []).filter((row) => row.page.connections === 1);
  const worstSearch = Math.max(...searchRows.map((row) => row.result.p95));
  const queries = report.searches.find((search) => search.backend === "postgres")?.timings ?? [];
  const worstQuery = Math.max(...queries.map((timing) => timing.p95));
  const rss = Math.max(
    ...postgresRuns.flatMap((run) => run.rows.map((row) => row.peakRssMb ?? Number.NaN)),
  );
  const verdict = (met: boolean | undefined) =>
    met === undefined ? "not measured" : met ? "met" : "**not met**";
  const throughput = (row: PageRow | undefined) =>
    row
      ? `${fixed(row.result.requestsPerSecond, 0)} req/s, p99 ${fixed(row.result.p99, 1)} ms`
      : "-";
  const meets = (row: PageRow | undefined) =>
    row && row.result.requestsPerSecond >= 1500 && row.result.p99 < 50;
  const measured = (value: number) => (Number.isFinite(value) ? value : undefined);
  return [
    "### Budgets (docs/design.md section 9)",
    "",
    "| budget | measured | verdict |",
    "|---|---|---|",
    `| directory page at ${postgresRuns[0]?.dataset.spec.label ?? "-"}, PostgreSQL: >= 1 500 req/s with p99 < 50 ms, as visitors get it (page cache) | ${throughput(directory)} | ${verdict(directory && meets(directory))} |`,
    `| the same, every request rendered | ${throughput(rendered)} | ${verdict(rendered && meets(rendered))} |`,
    `| search at ${postgresRuns[1]?.dataset.spec.label ?? "-"}: p95 < 10 ms, query alone (worst of ${queries.length} terms) | ${fixed(worstQuery, 2)} ms | ${verdict(measured(worstQuery) === undefined ? undefined : worstQuery < 10)} |`,
    `| the same, HTTP page rendered for each request, 1 connection (worst term) | ${fixed(worstSearch, 1)} ms | ${verdict(measured(worstSearch) === undefined ? undefined : worstSearch < 10)} |`,
    `| app RSS on PostgreSQL < 250 MB | ${fixed(rss, 0)} MB peak | ${verdict(measured(rss) === undefined ? undefined : rss < 250)} |`,
    "",
  ];
}

function backendName(backend: string): string {
  return backend === "postgres" ? "PostgreSQL" : "PGlite (embedded)";
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "-";
}
