import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresTestUrl, skipWithoutPostgres } from "../helpers/postgres";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * `npm run bench` is on demand (minutes on real sizes); this runs its whole pipeline at tiny
 * sizes (`--smoke`): seeding PostgreSQL and PGlite with the bulk seeder, the production server on
 * each, a volunteer and an admin signed in, autocannon without and with br beside hello world and
 * the React floors, the search query timing, the report and its budgets. It proves the benchmark
 * still works, not that the app is fast.
 */
const execFileAsync = promisify(execFile);
const withPostgres = !skipWithoutPostgres();
const HAND_WRITTEN = "## Analysis\n\nWritten by hand: must survive a new run.\n";

let dir: string;
let report: string;
let benchPid: number | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "bench-smoke-"));
  const out = path.join(dir, "benchmarks.md");
  await writeFile(
    out,
    `# Benchmarks\n\n<!-- bench:start (written by npm run bench; edit outside these markers) -->\nold numbers\n<!-- bench:end -->\n\n${HAND_WRITTEN}`,
  );
  const args = ["scripts/bench/main.ts", "--smoke", "--skip-build", "--out", out];
  if (withPostgres) args.push("--postgres", postgresTestUrl() as string);
  else args.push("--backends", "pglite");
  const run = execFileAsync(path.join(PROJECT_ROOT, "node_modules/.bin/tsx"), args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_ENV: undefined },
    maxBuffer: 16 * 1024 * 1024,
  });
  benchPid = run.child.pid;
  await run;
  report = await readFile(out, "utf8");
}, 150_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A dataset's section: "<backend>: smoke_<pid>_<main|search>" up to the next heading. */
function section(backend: string, dataset: "main" | "search"): string {
  return (
    report.split("### ").find((part) => {
      const title = part.split("\n", 1)[0] ?? "";
      return title.startsWith(`${backend}: smoke_`) && title.endsWith(`_${dataset}`);
    }) ?? ""
  );
}

/** "12 % of 400" -> 400: the reference server's req/s in a ratio cell. */
const reference = (cell: string | undefined) => Number(/ of (\d+)$/.exec(cell ?? "")?.[1]);

/**
 * The lines of a dataset's page table, two per page (without Accept-Encoding, then with br): the
 * page's path (from its first line), what was asked, the body cell, req/s, errors and the
 * reference servers' req/s. Without PostgreSQL both datasets run on PGlite.
 */
function pageRows(backend: string, dataset: "main" | "search") {
  let path: string | undefined;
  return section(backend, dataset)
    .split("\n")
    .filter((line) => /^\| .* \| (none|br, gzip) \|/.test(line))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      if (cells[1]) path = /\(`([^`]+)`/.exec(cells[1])?.[1];
      return {
        path,
        asked: cells[2],
        body: cells[3] ?? "",
        requestsPerSecond: Number(cells[4]),
        errors: Number(cells[8]),
        hello: reference(cells[9]),
        streamFloor: reference(cells[10]),
        stringFloor: reference(cells[11]),
      };
    });
}

describe("npm run bench -- --smoke", () => {
  it("replaces only the measured part of the report", () => {
    expect(report).not.toContain("old numbers");
    expect(report.trimEnd().endsWith(HAND_WRITTEN.trimEnd())).toBe(true);
    expect(report).toContain(
      "### Budgets (issue 17's acceptance criteria; docs/design.md section 9)",
    );
  });

  it.runIf(withPostgres)(
    "measures every page on PostgreSQL, signed-in ones too, in both encodings beside hello world and the floors, without errors",
    () => {
      const rows = pageRows("PostgreSQL", "main");
      const pages = rows.filter((row) => row.asked === "none");
      expect(pages.map((row) => row.path?.replace(/[0-9a-f-]{36}/, ":id"))).toEqual([
        "/",
        "/instituicoes",
        "/instituicoes?bench=N",
        "/instituicoes?busca=educa%C3%A7%C3%A3o",
        "/instituicoes?busca=educa%C3%A7%C3%A3o&bench=N",
        "/instituicoes/:id",
        "/eventos",
        "/eventos/:id",
        "/api/localidades/estados/SP/municipios",
        "/app/voluntario",
        "/instituicoes",
        "/admin/dashboard?secao=instituicoes",
      ]);
      expect(rows.map((row) => row.asked)).toEqual(pages.flatMap(() => ["none", "br, gzip"]));
      for (const row of rows) {
        expect(row.requestsPerSecond).toBeGreaterThan(0);
        expect(row.errors).toBe(0);
        expect(row.hello).toBeGreaterThan(0);
        expect(row.streamFloor).toBeGreaterThan(0);
        expect(row.stringFloor).toBeGreaterThan(0);
        // Every one of these answers is over the compression threshold: br when asked.
        expect(row.body.endsWith(" br")).toBe(row.asked === "br, gzip");
      }
      const signedIn = section("PostgreSQL", "main")
        .split("\n")
        .filter((line) => line.includes(", as volunteer)") || line.includes(", as admin)"));
      expect(signedIn).toHaveLength(3);
    },
  );

  it.runIf(withPostgres)("renders the floor from the app's own directory markup", () => {
    expect(section("PostgreSQL", "main")).toMatch(
      /Floor markup: `\/instituicoes` .*the stream floor answers the same (bytes|markup).*the string floor answers the same (bytes|markup)/,
    );
  });

  it.runIf(withPostgres)("judges issue 17's budgets (a) to (e) from the run", () => {
    const budgets = report
      .slice(report.indexOf("### Budgets"))
      .split("\n")
      .filter((line) => /^\| \((a|b|c|d|e)\) /.test(line));
    expect(budgets).toHaveLength(6);
    for (const line of budgets) expect(line).toMatch(/\| (met|\*\*not met\*\*) \|$/);
  });

  it("measures the directory search on PGlite and times the query alone", () => {
    const rows = pageRows("PGlite (embedded)", "search");
    expect(rows.map((row) => row.path)).toContain("/instituicoes?busca=Xapuri&bench=N");
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.requestsPerSecond).toBeGreaterThan(0);
      expect(row.errors).toBe(0);
    }
    expect(report).toMatch(
      /### Directory search query alone: PGlite \(embedded\)[\s\S]*\| educação \| \d+ \|/,
    );
  });

  it.runIf(withPostgres)("drops the PostgreSQL databases it created", async () => {
    const client = new pg.Client({ connectionString: postgresTestUrl() });
    await client.connect();
    try {
      const left = await client.query("select datname from pg_database where datname like $1", [
        `bench_smoke_${benchPid}_%`,
      ]);
      expect(left.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
