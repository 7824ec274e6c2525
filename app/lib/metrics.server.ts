import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's metrics in Prometheus's text format (ADR 0074), from prom-client. Served only to
 * whoever the operator lets in (METRICS_PORT on loopback, or METRICS_TOKEN on the app's port),
 * never publicly. Labels carry only names the code chooses: a route's pattern
 * ("/eventos/:id"), a method, a status, a job's name; never a path, an address or an id, so no
 * person can be read from a series.
 */
export const metricsRegistry = new Registry();

// The process: CPU, memory (heap spaces, RSS), event-loop delay (percentiles from Node's own
// monitor), GC and handles, under prom-client's standard names.
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

/** Seconds: a page is tens of ms; a PDF or an upload a second or more. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export const httpRequests = new Counter({
  name: "conecta_http_requests_total",
  help: "Requests answered, by method, route pattern and status.",
  labelNames: ["method", "route", "status"] as const,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: "conecta_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's last byte, by method and route pattern.",
  labelNames: ["method", "route"] as const,
  buckets: REQUEST_BUCKETS,
  registers,
});

export const databaseQueryDuration = new Histogram({
  name: "conecta_db_query_duration_seconds",
  help: "Time of each database query, from the call to its result (waiting for a connection included).",
  labelNames: ["engine"] as const,
  buckets: QUERY_BUCKETS,
  registers,
});

/** A gauge per periodic job, labelled by the job's name. */
const taskGauge = (name: string, help: string) =>
  new Gauge({ name, help, labelNames: ["task"] as const, registers });

const jobLastRun = taskGauge(
  "conecta_job_last_run_timestamp_seconds",
  "When each periodic job last finished (Unix time), whether or not it succeeded.",
);
const jobLastSuccess = taskGauge(
  "conecta_job_last_success_timestamp_seconds",
  "When each periodic job last finished without an error (Unix time).",
);
const jobLastDuration = taskGauge(
  "conecta_job_last_duration_seconds",
  "How long each periodic job's last run took.",
);

const jobFailures = new Counter({
  name: "conecta_job_failures_total",
  help: "Runs of each periodic job that ended with an error.",
  labelNames: ["task"] as const,
  registers,
});

/**
 * Records one run of a periodic job (app/jobs/periodic.server.ts). Its label is "task", not
 * "job": Prometheus gives every scraped series the scrape job's name as "job".
 */
export function recordJobRun(task: string, startedMs: number, ok: boolean): void {
  const now = Date.now();
  jobLastRun.set({ task }, now / 1000);
  jobLastDuration.set({ task }, (now - startedMs) / 1000);
  if (ok) jobLastSuccess.set({ task }, now / 1000);
  // Incremented by 0 on success, so the series exists (at 0) for an alert's rate() from the start.
  jobFailures.inc({ task }, ok ? 0 : 1);
}

/**
 * A gauge whose values are read when Prometheus scrapes (a database count, a pool's size).
 * `read` returns the value per label set; a failing read leaves the series out of that scrape
 * rather than failing it.
 */
export function scrapedGauge<Label extends string>(options: {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  read: () => Promise<Array<{ labels?: Partial<Record<Label, string>>; value: number }>>;
}): Gauge<Label> {
  return new Gauge<Label>({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers,
    async collect() {
      this.reset();
      let values: Awaited<ReturnType<typeof options.read>>;
      try {
        values = await options.read();
      } catch {
        return;
      }
      for (const { labels, value } of values) {
        if (labels) this.set(labels as Partial<Record<Label, string>>, value);
        else this.set(value);
      }
    },
  });
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;

/** The whole registry in the text format. */
export function renderMetrics(): Promise<string> {
  return metricsRegistry.metrics();
}
