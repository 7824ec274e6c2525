import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { FloorPage, PageRow } from "./app-run";
import type { BenchReport } from "./bench-report";
import { budgets, percent, rowRatios } from "./budgets";
import { ENCODINGS, type Encoding } from "./encodings";

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
    `- autocannon: ${settings.connections} connections, ${measurementLength(settings.requests, settings.durationSeconds)} per app measurement and ${measurementLength(settings.referenceRequests, settings.referenceSeconds)} per reference measurement, after a ${settings.warmupSeconds} s warm-up of the same URL (half of it in each encoding); client on the same machine (it takes CPU from the server).`,
    "- Every page twice: without `Accept-Encoding` (bodies uncompressed) and with `Accept-Encoding: br, gzip`, as browsers ask (the body column says what came back); `Accept: text/html,application/json`. Anonymous rows send no cookie, as a first visit.",
    "- Signed-in rows: the dataset's first seeded volunteer (the demo password) and an admin added after the seed, each signed in once through the login form (`/auth/login`, `/admin/login`) before the run; every request sends the cookies a browser would send to that page (those whose Path covers it). The lists every member shares (`/instituicoes`, ADR 0053) come from the page cache like a visitor's, under a key of their own; every other signed-in page is rendered for each request. Each is checked first: 200, not a redirect, and the page names the person (a shared list: the members' page, and `/api/sessao` names them).",
    "- References, each in its own Node process, measured right before the app in every row, so each row's numbers saw the same machine load: hello world (a plain Node `http` server; once per row, its 11 bytes are never compressed) and the React floor: the app's own directory markup (`/instituicoes` as a first visit gets it, fetched once per run) parsed once at start into a React element tree (parse5; scripts/bench/floor-markup.js) and rendered for every request by React alone, as a string (`renderToString`) and as a stream (`renderToPipeableStream`, the app's way), behind the app's compression middleware, so it is measured in both encodings too (scripts/bench/floor-server.js). No router, loaders, database or security headers: what React alone costs for this markup.",
    "- Ratios: the app's req/s over the reference's in the same encoding (hello world has one).",
    "- App: `node server/main.js` from `npm run build`, `NODE_ENV=production`, `SESSION_SECRET` set, `MALLOC_ARENA_MAX=2` as `npm start` and the systemd unit give it (ADR 0064); `DATABASE_URL` for PostgreSQL, a temporary `DATA_DIR` for PGlite.",
    "- Latency percentiles are over every response of the measurement (2xx or not); errors = non-2xx answers + socket errors + timeouts.",
    "- RSS: the app process's `VmRSS` from `/proc/<pid>/status` right after the row's load; the run's peak (`VmHWM`) in its heading line.",
    "",
  );
  for (const run of report.runs) {
    const { dataset } = run;
    const peak = Math.max(...run.rows.map((row) => row.peakRssMb ?? Number.NaN));
    lines.push(
      `### ${backendName(dataset.backend)}: ${dataset.spec.label}`,
      "",
      `Data: ${Object.entries(dataset.counts)
        .map(([name, count]) => `${count.toLocaleString("en-US")} ${name}`)
        .join(
          ", ",
        )} (seeded in ${dataset.seedSeconds.toFixed(0)} s). Load average ${run.loadBefore} before, ${run.loadAfter} after. App peak RSS ${fixed(peak, 0)} MB.`,
      "",
      ...(run.floorPage
        ? [
            `Floor markup: \`${run.floorPage.path}\` as the app answered a first visit, ${kilobytes(run.floorPage.bytes.identity)} (${kilobytes(run.floorPage.bytes.br)} with br); ${floorSameness(run.floorPage)}.`,
            "",
          ]
        : []),
      "| page | asked | body | req/s | p50 ms | p95 ms | p99 ms | errors | app / hello | app / stream floor | app / string floor | RSS MB |",
      "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...run.rows.flatMap((row) => ENCODINGS.map((encoding) => pageLine(row, encoding))),
      "",
    );
  }
  for (const search of report.searches) {
    lines.push(
      `### Directory search query alone: ${backendName(search.backend)}, ${search.datasetLabel}`,
      "",
      `\`listApprovedInstitutions\` (the page's own Drizzle query, first page of 20 + 1 rows), called one after another from the benchmark process after 20 warm-up calls, ${settings.searchRuns} times or as many as fit in ${settings.searchSeconds} s (at least 20); time from call to rows, no HTTP or rendering.`,
      "",
      "| term | approved matches | calls | p50 ms | p95 ms | p99 ms |",
      "|---|---:|---:|---:|---:|---:|",
      ...search.timings.map(
        (timing) =>
          `| ${timing.term} | ${timing.matches.toLocaleString("en-US")} | ${timing.runs} | ${fixed(timing.p50, 2)} | ${fixed(timing.p95, 2)} | ${fixed(timing.p99, 2)} |`,
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

const ASKED: Record<Encoding, string> = { identity: "none", br: "br, gzip" };

/** One table line: the page on its first (uncompressed) line, then the same page with br. */
function pageLine(row: PageRow, encoding: Encoding): string {
  const { page } = row;
  const { result, bodyBytes, contentEncoding } = row.app[encoding];
  const query = page.uniqueQuery ? `${page.path.includes("?") ? "&" : "?"}bench=N` : "";
  const who = page.as ? `, as ${page.as}` : "";
  const name = encoding === "identity" ? `${page.name} (\`${page.path}${query}\`${who})` : "";
  const ratios = rowRatios(row, encoding);
  const against = (share: number, reference: number) =>
    `${percent(share)} of ${fixed(reference, 0)}`;
  return `| ${name} | ${ASKED[encoding]} | ${kilobytes(bodyBytes)}${contentEncoding ? ` ${contentEncoding}` : ""} | ${fixed(result.requestsPerSecond, 0)} | ${fixed(result.p50, 1)} | ${fixed(result.p95, 1)} | ${fixed(result.p99, 1)} | ${result.errors} | ${against(ratios.hello, row.baseline.requestsPerSecond)} | ${against(ratios.stream, row.floor.stream[encoding].requestsPerSecond)} | ${against(ratios.string, row.floor.string[encoding].requestsPerSecond)} | ${encoding === "br" ? (row.rssMb ?? "?") : ""} |`;
}

function floorSameness(page: FloorPage): string {
  return (["stream", "string"] as const)
    .map((mode) => {
      const { same, bytes } = page.same[mode];
      const what =
        same === "bytes"
          ? "the same bytes"
          : same === "markup"
            ? `the same markup but for React's outlined Suspense boundary markers (${kilobytes(bytes)})`
            : `**different markup** (${kilobytes(bytes)})`;
      return `the ${mode} floor answers ${what}`;
    })
    .join(", ");
}

function measurementLength(requests: number | undefined, seconds: number): string {
  return requests ? `${requests} requests` : `${seconds} s`;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Issue 17's acceptance criteria and docs/design.md section 9's budgets, judged on this run. */
function budgetLines(report: BenchReport): string[] {
  const verdict = (met: boolean | undefined) =>
    met === undefined ? "not measured" : met ? "met" : "**not met**";
  return [
    "### Budgets (issue 17's acceptance criteria; docs/design.md section 9)",
    "",
    "Computed from the rows above; a budget without its rows in this run is not measured.",
    "",
    "| budget | measured | verdict |",
    "|---|---|---|",
    ...budgets(report).map(
      (budget) => `| ${budget.criterion} | ${budget.measured} | ${verdict(budget.met)} |`,
    ),
    "",
  ];
}

function backendName(backend: string): string {
  return backend === "postgres" ? "PostgreSQL" : "PGlite (embedded)";
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "-";
}
