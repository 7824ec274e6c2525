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
 * each, autocannon beside the hello-world baseline, the search query timing, the report. It
 * proves the benchmark still works, not that the app is fast.
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

/**
 * The rows of a dataset's page table: name, path, req/s and errors. Sections are titled
 * "<backend>: smoke_<pid>_<main|search>"; without PostgreSQL both datasets run on PGlite.
 */
function pageRows(backend: string, dataset: "main" | "search") {
  const body =
    report.split("### ").find((section) => {
      const title = section.split("\n", 1)[0] ?? "";
      return title.startsWith(`${backend}: smoke_`) && title.endsWith(`_${dataset}`);
    }) ?? "";
  return body
    .split("\n")
    .filter((line) => line.includes("(`/"))
    .map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      return {
        path: /\(`([^`]+)`\)/.exec(cells[1] ?? "")?.[1],
        requestsPerSecond: Number(cells[2]),
        errors: Number(cells[6]),
        baseline: Number(cells[7]),
        peakRss: Number(cells[9]),
      };
    });
}

describe("npm run bench -- --smoke", () => {
  it("replaces only the measured part of the report", () => {
    expect(report).not.toContain("old numbers");
    expect(report.trimEnd().endsWith(HAND_WRITTEN.trimEnd())).toBe(true);
    expect(report).toContain("### Budgets (docs/design.md section 9)");
  });

  it.runIf(withPostgres)(
    "measures every page on PostgreSQL beside the baseline, without errors",
    () => {
      const rows = pageRows("PostgreSQL", "main");
      expect(rows.map((row) => row.path?.replace(/[0-9a-f-]{36}/, ":id"))).toEqual([
        "/",
        "/instituicoes",
        "/instituicoes?bench=N",
        "/instituicoes?busca=educa%C3%A7%C3%A3o",
        "/instituicoes?busca=educa%C3%A7%C3%A3o&bench=N",
        "/instituicoes/:id",
        "/eventos",
        "/eventos/:id",
        "/api/localidades/estados/SP/municipios",
      ]);
      for (const row of rows) {
        expect(row.requestsPerSecond).toBeGreaterThan(0);
        expect(row.baseline).toBeGreaterThan(0);
        expect(row.errors).toBe(0);
        expect(row.peakRss).toBeGreaterThan(0);
      }
    },
  );

  it("measures the directory search on PGlite and times the query alone", () => {
    const rows = pageRows("PGlite (embedded)", "search");
    expect(rows.map((row) => row.path)).toContain("/instituicoes?busca=Xapuri&bench=N");
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
