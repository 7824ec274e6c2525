import { availableParallelism } from "node:os";
import { AppError } from "~/lib/app-error";
import { log } from "~/lib/log.server";
import { IMAGE_SERVER_BUSY } from "./image-messages";

/**
 * A small semaphore for image work (docs/decisions/0017). sharp decodes and encodes on libuv's
 * thread pool, which also serves the file system, compression and password hashing: a few big
 * images at once used to take every core and every pool thread, and each page waited behind
 * them. Here at most `concurrency` jobs run at once; the others wait in a bounded queue per lane,
 * and a job that finds its lane's queue full is refused at once (an "unavailable" AppError with a
 * Retry-After) instead of piling up memory and latency. Resized copies for pages ("resize") go before uploads ("upload"):
 * they are small and someone is looking at the page.
 */

export type ImageLane = "resize" | "upload";

/** How long a refused job's caller is told to wait: a page's resize is quick, an upload less so. */
const RETRY_AFTER_SECONDS: Record<ImageLane, number> = { resize: 2, upload: 5 };

export interface ImageJobLimits {
  concurrency: number;
  /** How many jobs of each lane may wait for a slot. */
  maxWaiting: Record<ImageLane, number>;
}

export class ImageJobQueue {
  private running = 0;
  private readonly waiting: Record<ImageLane, (() => void)[]> = { resize: [], upload: [] };

  constructor(private readonly limits: ImageJobLimits) {}

  /**
   * Runs `job` when a slot is free; throws AppError "unavailable" (IMAGE_SERVER_BUSY, with a
   * Retry-After) when the lane's queue is full.
   */
  async run<T>(lane: ImageLane, job: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running++;
    } else {
      const queue = this.waiting[lane];
      if (queue.length >= this.limits.maxWaiting[lane]) {
        log.warn({ lane, load: this.load() }, "image job refused: queue full");
        throw new AppError("unavailable", IMAGE_SERVER_BUSY, {
          retryAfterSeconds: RETRY_AFTER_SECONDS[lane],
        });
      }
      // The finishing job hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.resize.shift() ?? this.waiting.upload.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting now (logs and tests). */
  load(): { running: number; waiting: Record<ImageLane, number> } {
    return {
      running: this.running,
      waiting: { resize: this.waiting.resize.length, upload: this.waiting.upload.length },
    };
  }
}

/**
 * One job at a time on a 2-core machine (one core stays free for requests), one fewer than the
 * cores elsewhere. Eight uploads may wait (about 2 s of work at the pipeline's cost limit, each
 * holding at most its body: a 15 MB photo, or 31 MB for two, ADR 0029); pages' resizes, cached
 * after their first request, 32.
 */
export const imageJobs = new ImageJobQueue({
  concurrency: Math.max(1, availableParallelism() - 1),
  maxWaiting: { upload: 8, resize: 32 },
});
