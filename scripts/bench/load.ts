import http from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import autocannon from "autocannon";

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  /**
   * A fixed number of requests instead of the duration: the smoke run's way to stay short, as
   * autocannon counts time in whole seconds (a 0.3 s run lasted 1 s).
   */
  requests?: number;
  /**
   * How often autocannon looks whether it is done (ms; its default 1 000). With `requests`, a
   * run ends at the first look after the last answer: the smoke run looks every 100 ms.
   */
  sampleIntervalMs?: number;
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
 * Numbers the `uniqueQuery` URLs of the whole run: a URL of one measurement never comes again in
 * the next (the warm-up's, or the uncompressed one's), where the page cache could answer it.
 */
let uniqueCounter = 0;

/** What every measured request asks for, as a first visit would (no cookie unless given). */
export const ACCEPT = "text/html,application/json";

/**
 * One autocannon run against a URL. Latencies are kept per response (autocannon's own summary
 * has no p95 and rounds to whole milliseconds). `uniqueQuery` appends a counter so no two
 * requests share a URL; `headers` are sent with every request (Accept-Encoding, Cookie).
 */
export async function measure(
  url: string,
  settings: LoadSettings,
  options: { uniqueQuery?: boolean; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const target = new URL(url);
  const path = `${target.pathname}${target.search}`;
  const separator = target.search ? "&" : "?";
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(
      {
        url: target.origin,
        connections: settings.connections,
        duration: settings.durationSeconds,
        ...(settings.requests ? { amount: settings.requests } : {}),
        ...(settings.sampleIntervalMs ? { sampleInt: settings.sampleIntervalMs } : {}),
        headers: { accept: ACCEPT, ...options.headers },
        requests: [
          {
            method: "GET",
            setupRequest: (request) => ({
              ...request,
              path: options.uniqueQuery ? `${path}${separator}bench=${++uniqueCounter}` : path,
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

export interface Probe {
  status: number;
  /** Content-Encoding of the answer ("" when none). */
  contentEncoding: string;
  /** Bytes of the body as sent (compressed when it was). */
  bodyBytes: number;
  /** The body decoded to text (decompressed first). */
  text: string;
  location: string | null;
}

/**
 * One request as the measurement sends it, redirects not followed, the body kept as it came
 * over the wire (fetch would decompress it and hide its size).
 */
export function probe(url: string, headers: Record<string, string> = {}): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: ACCEPT, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const contentEncoding = String(response.headers["content-encoding"] ?? "");
        try {
          resolve({
            status: response.statusCode ?? 0,
            contentEncoding,
            bodyBytes: body.length,
            text: decode(body, contentEncoding).toString("utf8"),
            location: response.headers.location ?? null,
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.on("error", reject);
  });
}

function decode(body: Buffer, contentEncoding: string): Buffer {
  if (contentEncoding === "br") return brotliDecompressSync(body);
  if (contentEncoding === "gzip") return gunzipSync(body);
  if (contentEncoding === "deflate") return inflateSync(body);
  return body;
}
