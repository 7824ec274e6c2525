import { AppError } from "./app-error";
import { log } from "./log.server";

/**
 * A small semaphore for costly work (ADR 0017 for images, ADR 0071 for PDFs): at most
 * `concurrency` jobs run at once; the others wait in a bounded queue per lane, and a job that
 * finds its lane's queue full is refused at once (an "unavailable" AppError with the queue's
 * message and a Retry-After) instead of piling up memory and latency. Lanes are served in the
 * order they are listed: the first lane's waiting jobs go before the next lane's.
 */
export interface JobQueueOptions<Lane extends string> {
  /** What the logs call it ("image", "pdf"). */
  name: string;
  concurrency: number;
  /** How many jobs of each lane may wait for a slot; the keys' order is the lanes' priority. */
  maxWaiting: Record<Lane, number>;
  /** How long a refused job's caller is told to wait, per lane. */
  retryAfterSeconds: Record<Lane, number>;
  /** What a person is told when the queue is full (pt-BR). */
  busyMessage: string;
}

export class JobQueue<Lane extends string> {
  private running = 0;
  private readonly lanes: Lane[];
  private readonly waiting: Record<Lane, (() => void)[]>;

  constructor(private readonly options: JobQueueOptions<Lane>) {
    this.lanes = Object.keys(options.maxWaiting) as Lane[];
    this.waiting = Object.fromEntries(this.lanes.map((lane) => [lane, []])) as unknown as Record<
      Lane,
      (() => void)[]
    >;
  }

  /** Runs `job` when a slot is free; throws AppError "unavailable" when the lane's queue is full. */
  async run<T>(lane: Lane, job: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else {
      const queue = this.waiting[lane];
      if (queue.length >= this.options.maxWaiting[lane]) {
        log.warn({ queue: this.options.name, lane, load: this.load() }, "job refused: queue full");
        throw new AppError("unavailable", this.options.busyMessage, {
          retryAfterSeconds: this.options.retryAfterSeconds[lane],
        });
      }
      // The finishing job hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.nextWaiting();
      if (next) next();
      else this.running--;
    }
  }

  private nextWaiting(): (() => void) | undefined {
    for (const lane of this.lanes) {
      const next = this.waiting[lane].shift();
      if (next) return next;
    }
    return undefined;
  }

  /** Jobs running and waiting now (logs and tests). */
  load(): { running: number; waiting: Record<Lane, number> } {
    const waiting = Object.fromEntries(
      this.lanes.map((lane) => [lane, this.waiting[lane].length]),
    ) as Record<Lane, number>;
    return { running: this.running, waiting };
  }
}
