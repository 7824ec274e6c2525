import autocannon from "autocannon";

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  /**
   * A fixed number of requests instead of the duration: the smoke run's way to stay short, as
   * autocannon counts time in whole seconds (a 0.3 s run lasted 1 s).
   */
  requests?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds, over every answer (2xx or not). */
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  requests: number;
}

/**
 * One autocannon run against a URL, every request sent as a first visit would be (no cookie).
 * Latencies are kept per response (autocannon's own summary has no p95 and rounds to whole
 * milliseconds). `uniqueQuery` appends a counter so no two requests share a URL.
 */
export async function measure(
  url: string,
  settings: LoadSettings,
  options: { uniqueQuery?: boolean } = {},
): Promise<LoadResult> {
  const target = new URL(url);
  const path = `${target.pathname}${target.search}`;
  const separator = target.search ? "&" : "?";
  let counter = 0;
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: target.origin,
        connections: settings.connections,
        duration: settings.durationSeconds,
        ...(settings.requests ? { amount: settings.requests } : {}),
        headers: { accept: "text/html,application/json" },
        requests: [
          {
            method: "GET",
            setupRequest: (request) => ({
              ...request,
              path: options.uniqueQuery ? `${path}${separator}bench=${++counter}` : path,
            }),
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    run.on("response", (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** Nearest-rank percentile of sorted values (NaN when there are none). */
export function percentile(sorted: readonly number[], rank: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(
    sorted.length - 1,
    Math.max(0, Math.ceil((rank / 100) * sorted.length) - 1),
  );
  return sorted[index] ?? Number.NaN;
}
