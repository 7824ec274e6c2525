// `npm run bench`: the server benchmark of docs/design.md section 9, on demand (not part of npm test).
// Seeds PostgreSQL (scratch databases bench_*, dropped afterwards) and then the embedded PGlite
// (temporary DATA_DIRs), starts the production build on each, signs a volunteer and an admin in,
// and measures the public pages, their signed-in views and the geography API with autocannon,
// each without Accept-Encoding and with `br, gzip` as browsers ask, beside a hello-world server
// and two bare React servers rendering the app's own directory markup (the floor); times the
// directory search query alone at 100 000 institutions, profiles the directory page, judges the
// budgets and writes docs/benchmarks.md.
// `--smoke` runs the same pipeline at tiny sizes in seconds (CI keeps it working).
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { PROJECT_ROOT } from "../../tests/helpers/server";
import { type AppRun, type Page, profileApp, runApp } from "./app-run";
import { startBaseline } from "./baseline";
import type { BenchReport, SearchRun } from "./bench-report";
import { topFrames } from "./cpu-profile";
import { type Backend, createDataset, type DatasetSpec, timeDirectorySearch } from "./datasets";
import { describeMachine, loadAverage } from "./machine";
import { writeReport } from "./report";

const { values: options } = parseArgs({
  options: {
    smoke: { type: "boolean", default: false },
    out: { type: "string" },
    postgres: { type: "string" },
    backends: { type: "string", default: "postgres,pglite" },
    "skip-build": { type: "boolean", default: false },
  },
});
const smoke = options.smoke === true;
const postgresUrl =
  options.postgres ??
  process.env.BENCH_POSTGRES_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const backends = (options.backends ?? "").split(",").filter(Boolean) as Backend[];
const out = path.resolve(options.out ?? path.join(PROJECT_ROOT, "docs/benchmarks.md"));
// Each row is seven measurements (the app and both React floors without and with br, hello world
// once): 8 s for the app, 2 s for each reference server, after 2 s of warm-up (both encodings),
// about 29 s a row, 40 rows.
// The smoke run sends 20 requests to the app and 10 to each reference server, and ends each
// measurement within 100 ms of its last answer.
const settings: BenchReport["settings"] = smoke
  ? {
      connections: 2,
      durationSeconds: 1,
      requests: 20,
      sampleIntervalMs: 100,
      warmupSeconds: 0,
      referenceSeconds: 1,
      referenceRequests: 10,
      searchRuns: 20,
      searchSeconds: 5,
    }
  : {
      connections: 10,
      durationSeconds: 8,
      warmupSeconds: 2,
      referenceSeconds: 2,
      // A term that ranks thousands of matches takes 100-300 ms a call (ADR 0028): at most 15 s.
      searchRuns: 300,
      searchSeconds: 15,
    };
// Smoke datasets carry the PID, so a CI smoke run never touches a full run's databases.
const tag = smoke ? `smoke_${process.pid}_` : "";
const MAIN: DatasetSpec = smoke
  ? { label: `${tag}main`, role: "pages", approvedInstitutions: 30, events: 40, volunteers: 20 }
  : {
      label: "10k",
      role: "pages",
      approvedInstitutions: 10_000,
      events: 50_000,
      volunteers: 100_000,
    };
const SEARCH: DatasetSpec = smoke
  ? { label: `${tag}search`, role: "search", approvedInstitutions: 60, events: 10, volunteers: 10 }
  : {
      label: "100k",
      role: "search",
      approvedInstitutions: 100_000,
      events: 50_000,
      volunteers: 100_000,
    };
// Over HTTP: a common word (one approved institution in eight), a single town, and a word that
// names many institutions late in the alphabet ("Mãos ...").
const SEARCH_TERMS = ["educação", "Xapuri", "mãos"];
// The query alone (cheap to time) also for the first words of the seeded names that open a third
// of them early ("Associação"), a quarter from the middle on ("Instituto") and the last 4 %
// ("Rede"): common words, whose many matches a ranked search (ADR 0028) must all rank.
const QUERY_TERMS = [...SEARCH_TERMS, "associação", "instituto", "rede"];
const search = (term: string) => `/instituicoes?busca=${encodeURIComponent(term)}`;

// "rendered" rows add a different bench=N to every request, so the public page cache (ADR 0008)
// never answers: the cost of rendering each request, as after every change or for new URLs.
// Signed-in rows send the session of a volunteer or an admin who signed in through the login
// form before the run: the cache never answers a request with a cookie.
const DIRECTORY_RENDERED: Page = {
  name: "directory, rendered",
  path: "/instituicoes",
  uniqueQuery: true,
};
const MAIN_PAGES: Page[] = [
  { name: "landing", path: "/", cached: true },
  { name: "directory", path: "/instituicoes", cached: true },
  DIRECTORY_RENDERED,
  { name: "directory search", path: search("educação"), cached: true },
  { name: "directory search, rendered", path: search("educação"), uniqueQuery: true },
  { name: "institution page", path: "/instituicoes/:institution", cached: true },
  { name: "events", path: "/eventos", cached: true },
  { name: "event page", path: "/eventos/:event", cached: true },
  { name: "geography API (SP, 645 cities)", path: "/api/localidades/estados/SP/municipios" },
  { name: "volunteer home, signed in", path: "/app/voluntario", as: "volunteer" },
  // One page for every signed-in person, the header's name asked for apart (ADR 0053).
  { name: "directory, signed-in volunteer", path: "/instituicoes", as: "volunteer", cached: true },
  {
    name: "admin institutions list, signed in",
    path: "/admin/dashboard?secao=instituicoes",
    as: "admin",
  },
];
const SEARCH_PAGES: Page[] = [
  { name: "directory", path: "/instituicoes", cached: true },
  { name: "directory, rendered", path: "/instituicoes", uniqueQuery: true },
  // The smoke run measures one term only, to stay within its CI time.
  ...(smoke ? SEARCH_TERMS.slice(1, 2) : SEARCH_TERMS).flatMap((term) => [
    { name: `directory search "${term}", rendered`, path: search(term), uniqueQuery: true },
    {
      name: `directory search "${term}", rendered, 1 connection`,
      path: search(term),
      uniqueQuery: true,
      connections: 1,
    },
  ]),
];

/**
 * Each backend gets both datasets. The smoke run (CI, 60 s at most) covers each backend and each
 * dataset once: the page set on PostgreSQL, the search set on PGlite.
 */
function plan(): { backend: Backend; spec: DatasetSpec; pages: Page[] }[] {
  const steps = backends.flatMap((backend) => [
    { backend, spec: MAIN, pages: MAIN_PAGES },
    { backend, spec: SEARCH, pages: SEARCH_PAGES },
  ]);
  if (!smoke || backends.length < 2) return steps;
  return steps.filter((step) => (step.backend === "postgres") === (step.spec === MAIN));
}

const startedAt = new Date();
const loadAtStart = loadAverage();
if (!options["skip-build"]) {
  console.log("Building (npm run build)...");
  execFileSync("npm", ["run", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
}
const machine = describeMachine(
  PROJECT_ROOT,
  backends.includes("postgres") ? await postgresVersion() : "",
);
const baseline = await startBaseline();
const runs: AppRun[] = [];
const searches: SearchRun[] = [];
let profile: BenchReport["profile"];
try {
  for (const { backend, spec, pages } of plan()) {
    console.log(`\n${backend}, ${spec.label}: seeding`);
    const dataset = await createDataset(spec, backend, postgresUrl, async () => {
      if (spec !== SEARCH) return;
      const timings = [];
      for (const term of smoke ? SEARCH_TERMS : QUERY_TERMS) {
        timings.push(await timeDirectorySearch(term, settings.searchRuns, settings.searchSeconds));
      }
      searches.push({ backend, datasetLabel: spec.label, timings });
    });
    try {
      console.log(`${backend}, ${spec.label}: measuring`);
      runs.push(await runApp(dataset, pages, settings, baseline.url));
      if (!smoke && backend === "postgres" && spec === MAIN) {
        profile = await profileDirectory(dataset);
      }
    } finally {
      await dataset.remove();
    }
  }
} finally {
  await baseline.stop();
}

const report: BenchReport = {
  startedAt,
  finishedAt: new Date(),
  machine,
  loadAtStart,
  loadAtEnd: loadAverage(),
  settings,
  runs,
  searches,
  profile,
  smoke,
};
writeReport(out, report);
console.log(`\nWrote ${path.relative(process.cwd(), out)}`);

/** The directory rendered for every request, under `node --cpu-prof`: where the CPU goes. */
async function profileDirectory(dataset: Awaited<ReturnType<typeof createDataset>>) {
  const profileDir = await mkdtemp(path.join(tmpdir(), "bench-profile-"));
  try {
    console.log("profiling the directory page (node --cpu-prof)");
    await profileApp(dataset, DIRECTORY_RENDERED, settings, profileDir);
    const [file] = (await readdir(profileDir)).filter((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("node --cpu-prof wrote no profile");
    return {
      what: `directory page rendered per request (\`${DIRECTORY_RENDERED.path}?bench=N\`), Accept-Encoding br, PostgreSQL ${dataset.spec.label}, ${settings.durationSeconds} s at ${settings.connections} connections`,
      frames: topFrames(path.join(profileDir, file), 25),
    };
  } finally {
    await rm(profileDir, { recursive: true, force: true });
  }
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>("show server_version");
    return `PostgreSQL ${result.rows[0]?.server_version} on the same machine (loopback)`;
  } finally {
    await client.end();
  }
}
