import { log } from "~/lib/log.server";
import { recordJobRun } from "~/lib/metrics.server";

/**
 * Runs `job` now and then every `everyMs` in this process, logging (never throwing) a failure.
 * The returned stop function waits for a run in progress, so the database is not closed under
 * it. Jobs started this way must tolerate overlapping runs, in one instance or several. Each run's
 * end, success and duration are metrics under `name` (ADR 0074): a job that stops running shows.
 */
export function startPeriodic(
  name: string,
  everyMs: number,
  job: () => Promise<unknown>,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    const started = Date.now();
    running = job().then(
      () => recordJobRun(name, started, true),
      (error: unknown) => {
        recordJobRun(name, started, false);
        log.error({ err: error }, `${name} failed`);
      },
    );
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
