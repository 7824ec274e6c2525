import { readFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { HttpClient } from "../helpers/accounts";
import { databaseKind } from "../helpers/database";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { freePort, probeConnection } from "../helpers/net";
import { type MetricFamily, type MetricSample, parsePrometheusText } from "../helpers/prometheus";
import { declaredRoutes } from "../helpers/routes";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * Prometheus metrics (issue 40, item 4; ADR 0074): never public by default, on a port of their
 * own or behind a token; valid text format (read by Prometheus's reference parser); with the
 * series an operator alerts on; and no label that names a person, whatever the requests carried.
 */

async function scrape(url: string, headers: HeadersInit = {}): Promise<MetricFamily[]> {
  const response = await fetch(url, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

/** The samples named `name` (a counter's `_total`, a histogram's `_bucket`, ...). */
function samples(families: MetricFamily[], name: string): MetricSample[] {
  return families.flatMap((family) => family.samples).filter((sample) => sample.name === name);
}

function familyType(families: MetricFamily[], name: string): string | undefined {
  return families.find((family) => family.name === name)?.type;
}

function labelValues(families: MetricFamily[], label: string, name?: string): Set<string> {
  const values = new Set<string>();
  for (const family of families) {
    for (const sample of family.samples) {
      if (name && sample.name !== name) continue;
      const value = sample.labels[label];
      if (value !== undefined) values.add(value);
    }
  }
  return values;
}

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Route labels the app may use: its routes' patterns (and their data twins), and fixed words. */
function allowedRoutes(): Set<string> {
  const pages = declaredRoutes().map((route) => `/${route.path}`.replace(/\/$/, "") || "/");
  return new Set([
    ...pages,
    ...pages.map((page) => `${page === "/" ? "/" : page}.data`),
    "/healthz",
    "/readyz",
    "/metrics",
    "/api/localidades",
    "static",
    "not-found",
    "invalid",
  ]);
}

/** Every label value of every series: none is an e-mail, an id or a person's name. */
function expectNoPersonalData(families: MetricFamily[], names: string[]): void {
  for (const family of families) {
    for (const sample of family.samples) {
      for (const [label, value] of Object.entries(sample.labels)) {
        const where = `${sample.name}{${label}="${value}"}`;
        expect(value, where).not.toMatch(EMAIL);
        expect(value, where).not.toMatch(UUID);
        for (const name of names) expect(value.toLowerCase(), where).not.toContain(name);
      }
    }
  }
  const routes = allowedRoutes();
  for (const route of labelValues(families, "route")) {
    expect(routes.has(route) || route.endsWith(".data"), route).toBe(true);
  }
  for (const method of labelValues(families, "method", "conecta_http_requests_total")) {
    expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"]).toContain(method);
  }
}

const TOKEN = "metrics-test-token-0123456789abcdefghij";

describe("metrics of a server with a metrics port and a token", () => {
  let server: FixtureServer<"ana" | "ong">;
  let metricsUrl: string;

  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startFixtureServer({
      accounts: {
        ana: { kind: "volunteer", name: "Ana Metricávia Souza" },
        ong: { kind: "institution", status: "APPROVED", name: "Instituto Métrica Limpa" },
      },
      events: [{ key: "mutirao", institution: "ong", name: "Mutirão Métrico", status: "APPROVED" }],
      env: { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN },
    });
    // Traffic that carries what must never become a label: e-mails, ids, names, odd methods.
    const ana = new HttpClient(server.url);
    expect((await ana.signIn(server.accounts.ana)).status).toBe(302);
    await ana.get("/app");
    await ana.get(`/eventos/${server.ids.mutirao}`);
    await ana.get(`/eventos/${server.ids.mutirao}.data`);
    await ana.get(`/instituicoes/${encodeURIComponent(server.accounts.ong.email)}`);
    await ana.get(`/busca/${encodeURIComponent("Ana Metricávia Souza")}`);
    await ana.get("/api/localidades/estados/SP/municipios");
    await ana.request("/eventos", { method: "PROPFIND" });
    await new HttpClient(server.url).post("/auth/esqueci-minha-senha", {
      email: server.accounts.ana.email,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("serves the text format on its own port, with requests by route pattern and status", async () => {
    const families = await scrape(metricsUrl);
    expect(familyType(families, "conecta_http_requests")).toBe("counter");
    const seen = samples(families, "conecta_http_requests_total").map((sample) => sample.labels);
    expect(seen).toContainEqual({ method: "POST", route: "/auth/login", status: "302" });
    expect(seen).toContainEqual({ method: "GET", route: "/eventos/:id", status: "200" });
    expect(seen).toContainEqual({ method: "GET", route: "/eventos/:id.data", status: "200" });
    expect(seen).toContainEqual({ method: "GET", route: "/api/localidades", status: "200" });
    expect(seen.some((labels) => labels.method === "other")).toBe(true);
    expect(familyType(families, "conecta_http_request_duration_seconds")).toBe("histogram");
    const page = (name: string) =>
      samples(families, name).filter(
        (sample) => sample.labels.route === "/eventos/:id" && sample.labels.method === "GET",
      );
    expect(page("conecta_http_request_duration_seconds_count")[0]?.value).toBeGreaterThanOrEqual(1);
    expect(page("conecta_http_request_duration_seconds_bucket").length).toBeGreaterThan(5);
  });

  it("carries the event loop, memory, database, outbox and every periodic job", async () => {
    const families = await scrape(metricsUrl);
    for (const name of [
      "nodejs_eventloop_lag_p99_seconds",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "conecta_db_query_duration_seconds_count",
      "conecta_outbox_oldest_pending_age_seconds",
    ]) {
      expect(samples(families, name).length, name).toBeGreaterThan(0);
    }
    expect(labelValues(families, "state", "conecta_outbox_emails")).toEqual(
      new Set(["pending", "retrying"]),
    );
    const [queries] = samples(families, "conecta_db_query_duration_seconds_count");
    expect(queries?.value).toBeGreaterThan(10);
    expect(queries?.labels.engine).toBe(databaseKind() === "postgres" ? "postgres" : "pglite");
    if (databaseKind() === "postgres") {
      expect(labelValues(families, "state", "conecta_db_pool_connections")).toEqual(
        new Set(["total", "idle", "waiting"]),
      );
    }
    const jobs = ["housekeeping", "participation reminders", "hours-due reminders"];
    for (const job of [...jobs, "event change notices"]) {
      for (const name of [
        "conecta_job_last_run_timestamp_seconds",
        "conecta_job_last_success_timestamp_seconds",
        "conecta_job_last_duration_seconds",
        "conecta_job_failures_total",
      ]) {
        expect(labelValues(families, "task", name), `${name} ${job}`).toContain(job);
      }
    }
    for (const sample of samples(families, "conecta_job_last_run_timestamp_seconds")) {
      // A Unix time of this run, not a duration or a count.
      expect(Math.abs(sample.value - Date.now() / 1000)).toBeLessThan(3600);
    }
  });

  it("has every series that deploy/'s alert rules and dashboard use", async () => {
    const families = await scrape(metricsUrl);
    const exposed = new Set(families.flatMap((family) => family.samples.map((s) => s.name)));
    const monitoring = path.join(PROJECT_ROOT, "deploy/monitoring");
    const dashboard = readFileSync(path.join(monitoring, "grafana-dashboard.json"), "utf8");
    expect(() => JSON.parse(dashboard)).not.toThrow();
    const rules = readFileSync(path.join(monitoring, "alerts.yml"), "utf8");
    const used = new Set(
      [...`${rules}\n${dashboard}`.matchAll(/\b(?:conecta|nodejs|process)_[a-z0-9_]+\b/g)].map(
        (match) => match[0],
      ),
    );
    expect(used.size).toBeGreaterThan(8);
    for (const name of used) {
      // The pool's connections are PostgreSQL's; PGlite has no pool.
      if (name.startsWith("conecta_db_pool") && databaseKind() !== "postgres") continue;
      expect(exposed, name).toContain(name);
    }
  });

  it("puts no e-mail, id or name of a person in any label", async () => {
    const families = await scrape(metricsUrl);
    const names = ["ana", "metricávia", "souza", "instituto métrica", "mutirão"];
    expectNoPersonalData(families, names);
  });

  it("answers the app's port only for the token's bearer", async () => {
    const bare = await fetch(`${server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toBe("Bearer");
    expect(await bare.text()).not.toContain("conecta_");
    const wrong = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    });
    expect(wrong.status).toBe(401);
    const families = await scrape(`${server.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(samples(families, "conecta_http_requests_total").length).toBeGreaterThan(0);
  });

  it("listens for metrics on loopback only, and nothing but /metrics there", async () => {
    const port = Number(new URL(metricsUrl).port);
    expect(await probeConnection(port, "127.0.0.1")).toBe("open");
    // This machine's other addresses, where the app's own port is reachable, refuse it.
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal && entry.family === "IPv4");
    for (const entry of external) {
      if (entry) expect(await probeConnection(port, entry.address), entry.address).toBe("refused");
    }
    const other = await fetch(metricsUrl.replace("/metrics", "/"));
    expect(other.status).toBe(404);
    const post = await fetch(metricsUrl, { method: "POST" });
    expect(post.status).toBe(405);
  });
});

describe("metrics of the suite's shared server", () => {
  it("are not public on its port (no token set)", async () => {
    const response = await fetch(`${inject("baseUrl")}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("conecta_http_requests_total");
  });

  it("parse after the traffic of the other test files, with no person in any label", async () => {
    const families = await scrape(inject("metricsUrl"));
    expect(samples(families, "conecta_http_requests_total").length).toBeGreaterThan(0);
    // The demo's example people, whose pages and ids the other files visit.
    expectNoPersonalData(families, ["helena", "moreira", "mãos que ajudam"]);
  });
});
