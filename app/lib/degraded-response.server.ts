import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Some loaders answer with a fallback when the database fails (a list's "could not load"
 * message, an empty landing section) so the page still renders. Such a response must not be
 * reused for other visitors once the database is back: the loader marks it here, and the public
 * page cache (server/page-cache.ts, ADR 0008) leaves it out.
 */
const scope = new AsyncLocalStorage<{ degraded: boolean }>();

/** Runs a request's rendering; the returned flag tells whether any loader fell back. */
export async function trackDegraded<T>(
  render: () => Promise<T>,
): Promise<{ result: T; degraded: () => boolean }> {
  const marker = { degraded: false };
  const result = await scope.run(marker, render);
  return { result, degraded: () => marker.degraded };
}

/** Called by a loader that is about to answer with a fallback instead of real data. */
export function markDegraded(): void {
  const marker = scope.getStore();
  if (marker) marker.degraded = true;
}
