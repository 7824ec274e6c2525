import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

/**
 * Work that must not delay (or time) the answer: it runs once the response has been sent. The
 * password-reset request uses it so that looking up the account, creating the token and queueing
 * the e-mail cannot make the answer for an existing e-mail slower than for an unknown one.
 */
const queues = new AsyncLocalStorage<Array<() => void>>();

/** Runs `task` after the current HTTP response is sent; at once outside a request (scripts, tests). */
export function afterResponse(task: () => void): void {
  const queue = queues.getStore();
  if (queue) queue.push(task);
  else task();
}

/** Handles one request with an after-response queue, drained when the response closes. */
export function withAfterResponse(res: ServerResponse, handle: () => void): void {
  const queue: Array<() => void> = [];
  res.once("close", () => {
    for (const task of queue.splice(0)) task();
  });
  queues.run(queue, handle);
}
