import type { AppRun, PageRow } from "./app-run";
import type { BenchReport } from "./bench-report";
import { ENCODINGS, type Encoding } from "./encodings";

/**
 * The budgets a run is judged against, each verdict computed from the run's rows (never written
 * by hand): issue 17's acceptance criteria (a)-(f), then docs/design.md section 9's own.
 */
export interface Budget {
  criterion: string;
  measured: string;
  /** Undefined when the run has no row to judge (a backend or dataset left out). */
  met: boolean | undefined;
}

/** app / reference, NaN when either is missing or the reference served nothing. */
export function ratio(app: number | undefined, reference: number | undefined): number {
  if (app === undefined || reference === undefined || !(reference > 0)) return Number.NaN;
  return app / reference;
}

/** A ratio as a percentage: one decimal below 10 %, whole numbers above. */
export function percent(value: number): string {
  if (!Number.isFinite(value)) return "-";
  const scaled = value * 100;
  return `${scaled < 10 ? scaled.toFixed(1) : scaled.toFixed(0)} %`;
}

/** Each row's throughput against hello world and the two React floors, per encoding. */
export function rowRatios(row: PageRow, encoding: Encoding) {
  const app = row.app[encoding].result.requestsPerSecond;
  return {
    hello: ratio(app, row.baseline.requestsPerSecond),
    stream: ratio(app, row.floor.stream[encoding].requestsPerSecond),
    string: ratio(app, row.floor.string[encoding].requestsPerSecond),
  };
}

/** br throughput against the same page's uncompressed throughput. */
export function brShare(row: PageRow): number {
  return ratio(row.app.br.result.requestsPerSecond, row.app.identity.result.requestsPerSecond);
}

export const LIMITS = {
  /** (a) cached public pages with br, share of the same page's uncompressed cache hits. */
  cachedBrShare: 0.7,
  /** (b) the directory rendered per request, share of the stream floor, and its p99. */
  renderedFloorShare: 0.5,
  renderedP99Ms: 50,
  /** (c) a signed-in volunteer's pages, share of the stream floor. */
  signedInFloorShare: 0.4,
  /** (d) the geography API, share of hello world. */
  geographyHelloShare: 0.25,
  /** (e) RSS after the load, MB. */
  rssPostgresMb: 200,
  rssPgliteMb: 400,
  /** (f) and the design: search p95, ms. */
  searchP95Ms: 10,
  /** docs/design.md section 9. */
  designDirectoryRps: 1500,
  designDirectoryP99Ms: 50,
  designPeakRssMb: 250,
} as const;

/** One thing a budget checks; `margin` orders them: the lowest is the closest to failing. */
type Check = { met: boolean; text: string; margin: number };

/** Every check met; undefined when there is nothing to check. */
function all(checks: Check[]): boolean | undefined {
  return checks.length === 0 ? undefined : checks.every((check) => check.met);
}

function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : "-";
}

/**
 * What the budget's cell shows: every check when `every` (a few, e.g. one per encoding), else
 * the failing ones, or the closest to failing when none fails.
 */
function describe(checks: Check[], every = false): string {
  const failing = checks.filter((check) => !check.met);
  const closest = [...checks].sort((a, b) => a.margin - b.margin).slice(0, 1);
  const shown = every ? checks : failing.length > 0 ? failing : closest;
  return shown.length === 0 ? "-" : shown.map((check) => check.text).join("; ");
}

const ENCODING_LABEL: Record<Encoding, string> = { identity: "none", br: "br" };

export function budgets(report: BenchReport): Budget[] {
  const runsOf = (backend: string, role: "pages" | "search") =>
    report.runs.filter((run) => run.dataset.backend === backend && run.dataset.spec.role === role);
  const pagesRun: AppRun | undefined = runsOf("postgres", "pages")[0];
  const searchRun: AppRun | undefined = runsOf("postgres", "search")[0];
  const rows = pagesRun?.rows ?? [];
  const anonymous = rows.filter((row) => !row.page.as);
  const directory = anonymous.find(
    (row) => row.page.path === "/instituicoes" && !row.page.uniqueQuery,
  );
  const rendered = anonymous.find(
    (row) => row.page.path === "/instituicoes" && row.page.uniqueQuery,
  );
  const geography = anonymous.find((row) => row.page.path.startsWith("/api/localidades/"));
  const pagesLabel = pagesRun?.dataset.spec.label ?? "-";
  const searchLabel = searchRun?.dataset.spec.label ?? "-";

  // (a) cached public pages: br against the same page uncompressed.
  const cachedChecks = anonymous.filter((row) => row.page.cached).map(cachedCheck);

  // (b) the directory rendered for every request, each encoding against its floor.
  const renderedChecks = rendered
    ? ENCODINGS.map((encoding) => {
        const share = rowRatios(rendered, encoding).stream;
        const p99 = rendered.app[encoding].result.p99;
        return {
          met: share >= LIMITS.renderedFloorShare && p99 < LIMITS.renderedP99Ms,
          margin: Math.min(share / LIMITS.renderedFloorShare, LIMITS.renderedP99Ms / p99),
          text: `${ENCODING_LABEL[encoding]}: ${percent(share)} of the floor, p99 ${fixed(p99, 1)} ms`,
        };
      })
    : [];

  // (c) a signed-in volunteer's pages: rendered, against the floor; cached, as (a).
  const signedInChecks = rows
    .filter((row) => row.page.as === "volunteer")
    .flatMap((row) =>
      row.page.cached
        ? [cachedCheck(row)]
        : ENCODINGS.map((encoding) => {
            const share = rowRatios(row, encoding).stream;
            return {
              met: share >= LIMITS.signedInFloorShare,
              margin: share / LIMITS.signedInFloorShare,
              text: `${row.page.name}, ${ENCODING_LABEL[encoding]}: ${percent(share)}`,
            };
          }),
    );

  // (d) the geography API against hello world.
  const geographyChecks = geography
    ? ENCODINGS.map((encoding) => {
        const share = rowRatios(geography, encoding).hello;
        return {
          met: share >= LIMITS.geographyHelloShare,
          margin: share / LIMITS.geographyHelloShare,
          text: `${ENCODING_LABEL[encoding]}: ${percent(share)} (${fixed(geography.app[encoding].result.requestsPerSecond, 0)} of ${fixed(geography.baseline.requestsPerSecond, 0)} req/s)`,
        };
      })
    : [];

  // (e) RSS right after each row's load, the highest of the backend's runs.
  const rssAfter = (backend: string) => {
    const values = report.runs
      .filter((run) => run.dataset.backend === backend)
      .flatMap((run) => run.rows.map((row) => row.rssMb))
      .filter((value): value is number => value !== null);
    return values.length > 0 ? Math.max(...values) : undefined;
  };
  const rssBudget = (backend: string, name: string, limit: number): Budget => {
    const value = rssAfter(backend);
    return {
      criterion: `(e) app RSS after the load on ${name} < ${limit} MB (highest VmRSS read right after a row)`,
      measured: value === undefined ? "-" : `${value} MB`,
      met: value === undefined ? undefined : value < limit,
    };
  };

  // (f) the search query alone, every term; and over HTTP with one connection (design).
  const queries = report.searches.find((search) => search.backend === "postgres")?.timings ?? [];
  const queryChecks = queries.map((timing) => ({
    met: timing.p95 < LIMITS.searchP95Ms,
    margin: LIMITS.searchP95Ms / timing.p95,
    text: `${timing.term} ${fixed(timing.p95, 2)} ms`,
  }));
  const httpSearchChecks = (searchRun?.rows ?? [])
    .filter((row) => row.page.connections === 1)
    .flatMap((row) =>
      ENCODINGS.map((encoding) => ({
        met: row.app[encoding].result.p95 < LIMITS.searchP95Ms,
        margin: LIMITS.searchP95Ms / row.app[encoding].result.p95,
        text: `${row.page.name.replace(/^directory search /, "").replace(/, rendered, 1 connection$/, "")} ${ENCODING_LABEL[encoding]} ${fixed(row.app[encoding].result.p95, 1)} ms`,
      })),
    );

  // docs/design.md section 9.
  const designChecks = (row: PageRow | undefined) =>
    row
      ? ENCODINGS.map((encoding) => {
          const { requestsPerSecond, p99 } = row.app[encoding].result;
          return {
            met:
              requestsPerSecond >= LIMITS.designDirectoryRps && p99 < LIMITS.designDirectoryP99Ms,
            margin: Math.min(
              requestsPerSecond / LIMITS.designDirectoryRps,
              LIMITS.designDirectoryP99Ms / p99,
            ),
            text: `${ENCODING_LABEL[encoding]}: ${fixed(requestsPerSecond, 0)} req/s, p99 ${fixed(p99, 1)} ms`,
          };
        })
      : [];
  const peakPostgres = Math.max(
    ...report.runs
      .filter((run) => run.dataset.backend === "postgres")
      .flatMap((run) => run.rows.map((row) => row.peakRssMb ?? Number.NaN)),
  );

  const cached = designChecks(directory);
  const everyRender = designChecks(rendered);
  return [
    {
      criterion: `(a) cached public pages at ${pagesLabel}, PostgreSQL, with Accept-Encoding br: >= ${percent(LIMITS.cachedBrShare)} of the same page's uncompressed cache hits (worst page)`,
      measured: describe(cachedChecks),
      met: all(cachedChecks),
    },
    {
      criterion: `(b) directory rendered for every request at ${pagesLabel}, PostgreSQL: >= ${percent(LIMITS.renderedFloorShare)} of the React stream floor's throughput, p99 < ${LIMITS.renderedP99Ms} ms (each encoding against the floor's)`,
      measured: describe(renderedChecks, true),
      met: all(renderedChecks),
    },
    {
      criterion: `(c) a signed-in volunteer's home and directory at ${pagesLabel}, PostgreSQL: >= ${percent(LIMITS.signedInFloorShare)} of the React stream floor, each encoding against the floor's (or, when cached, (a))`,
      measured: describe(signedInChecks, true),
      met: all(signedInChecks),
    },
    {
      criterion: `(d) geography API at ${pagesLabel}, PostgreSQL: >= ${percent(LIMITS.geographyHelloShare)} of hello world's throughput`,
      measured: describe(geographyChecks, true),
      met: all(geographyChecks),
    },
    rssBudget("postgres", "PostgreSQL", LIMITS.rssPostgresMb),
    rssBudget("pglite", "PGlite", LIMITS.rssPgliteMb),
    {
      criterion: `(f) search at ${searchLabel}: p95 < ${LIMITS.searchP95Ms} ms for every term, query alone (${queries.length} terms)`,
      measured: describe(queryChecks),
      met: all(queryChecks),
    },
    {
      criterion: `design: the same over HTTP, the page rendered for each request, 1 connection (p95)`,
      measured: describe(httpSearchChecks),
      met: all(httpSearchChecks),
    },
    {
      criterion: `design: directory at ${pagesLabel}, PostgreSQL: >= ${LIMITS.designDirectoryRps} req/s with p99 < ${LIMITS.designDirectoryP99Ms} ms, as visitors get it (page cache)`,
      measured: describe(cached, true),
      met: all(cached),
    },
    {
      criterion: "design: the same, every request rendered",
      measured: describe(everyRender, true),
      met: all(everyRender),
    },
    {
      criterion: `design: app RSS on PostgreSQL < ${LIMITS.designPeakRssMb} MB (peak, VmHWM)`,
      measured: Number.isFinite(peakPostgres) ? `${peakPostgres} MB` : "-",
      met: Number.isFinite(peakPostgres) ? peakPostgres < LIMITS.designPeakRssMb : undefined,
    },
  ];
}

function cachedCheck(row: PageRow): Check {
  const share = brShare(row);
  return {
    met: share >= LIMITS.cachedBrShare,
    margin: share / LIMITS.cachedBrShare,
    text: `${row.page.name}: ${percent(share)} (${fixed(row.app.br.result.requestsPerSecond, 0)} of ${fixed(row.app.identity.result.requestsPerSecond, 0)} req/s)`,
  };
}
