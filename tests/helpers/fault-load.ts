import { expectNoStackTrace } from "./assertions";

/**
 * A small load generator for the fault tests: a few workers fetching pages in a loop while the
 * test breaks something, recording every answer with the phase it came in, so the test can say
 * what people saw before, during and after the fault.
 */

export interface LoadSample {
  phase: string;
  path: string;
  /** 0 when the request itself failed (connection refused or reset). */
  status: number;
  /**
   * The page, kept when it is not a plain 200 or when it shows a stack trace (thousands of
   * whole pages would fill the test's memory); "" otherwise.
   */
  body: string;
  error?: string;
}

function worthKeeping(status: number, body: string): boolean {
  if (status !== 200) return true;
  try {
    expectNoStackTrace(body);
    return false;
  } catch {
    return true;
  }
}

export interface Load {
  samples: LoadSample[];
  /** The label attached to the samples from now on. */
  setPhase: (phase: string) => void;
  /** Stops the workers and waits for their last requests. */
  stop: () => Promise<LoadSample[]>;
}

export function startLoad(baseUrl: string, paths: string[], workers = 4): Load {
  const samples: LoadSample[] = [];
  let phase = "before";
  let stopped = false;
  let turn = 0;

  const worker = async () => {
    while (!stopped) {
      const path = paths[turn++ % paths.length] ?? "/";
      const sample: LoadSample = { phase, path, status: 0, body: "" };
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          redirect: "manual",
          signal: AbortSignal.timeout(15_000),
        });
        sample.status = response.status;
        const body = await response.text();
        if (worthKeeping(response.status, body)) sample.body = body;
      } catch (error) {
        sample.error = error instanceof Error ? error.message : String(error);
        // A refused connection returns at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      samples.push(sample);
    }
  };
  const running = Array.from({ length: workers }, worker);
  return {
    samples,
    setPhase: (next) => {
      phase = next;
    },
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return samples;
    },
  };
}

/** How many answers of each status a phase got, e.g. { "200": 120, "500": 31 }. */
export function statusCounts(samples: LoadSample[], phase: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of samples) {
    if (sample.phase !== phase) continue;
    const key = sample.error ? `error: ${sample.error}` : String(sample.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
