import { availableParallelism } from "node:os";
import { JobQueue } from "~/lib/job-queue.server";
import { IMAGE_SERVER_BUSY } from "./image-messages";

/**
 * The image queue (docs/decisions/0017), a JobQueue (app/lib/job-queue.server.ts). sharp decodes
 * and encodes on libuv's thread pool, which also serves the file system, compression and
 * password hashing: a few big images at once used to take every core and every pool thread, and
 * each page waited behind them. Resized copies for pages ("resize") go before uploads
 * ("upload"): they are small and someone is looking at the page.
 */

export type ImageLane = "resize" | "upload";

export interface ImageJobLimits {
  concurrency: number;
  /** How many jobs of each lane may wait for a slot. */
  maxWaiting: Record<ImageLane, number>;
}

/** The image queue's lanes, their order and messages around the limits a caller gives. */
export class ImageJobQueue extends JobQueue<ImageLane> {
  constructor(limits: ImageJobLimits) {
    super({
      name: "image",
      concurrency: limits.concurrency,
      // Listed resize first: a page's resize goes before waiting uploads.
      maxWaiting: { resize: limits.maxWaiting.resize, upload: limits.maxWaiting.upload },
      // A page's resize is quick, an upload less so.
      retryAfterSeconds: { resize: 2, upload: 5 },
      busyMessage: IMAGE_SERVER_BUSY,
    });
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
