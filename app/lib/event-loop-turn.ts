/**
 * Steps that hold the main thread for milliseconds (an embedded database query, gathering an
 * upload's bytes, parsing a form of photos) wait here for a turn of the event loop of their own:
 * one waiter is let go per turn, in order of arrival, and the sockets are read in between. So a
 * /healthz probe or another person's page waits for one such step, never for every request that
 * happened to get ready at the same time (docs/decisions/0060).
 *
 * `setImmediate` alone does not do this: every callback queued before the check phase runs in
 * that same phase, so eight uploads that finish arriving together would run their steps back to
 * back. Here the next waiter is let go from a new `setImmediate`, which Node runs on the next
 * turn, after the poll phase.
 */
const waiting: Array<() => void> = [];

function releaseOne(): void {
  const next = waiting.shift();
  // Scheduled before `next` runs: its continuation runs in this turn's microtasks and may wait
  // again, which must find the release of the next turn already planned.
  if (waiting.length > 0) setImmediate(releaseOne);
  next?.();
}

/** Resolves on a later turn of the event loop, once every earlier waiter has had its turn. */
export function waitForTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(releaseOne);
  });
}
