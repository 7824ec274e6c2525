/**
 * A value loaded at most once per `freshForMs` in this process: callers inside the window share
 * the last value, and callers while a load runs share that load. A failed load is not kept, so
 * the next caller tries again (and the failure reaches every caller that waited for it).
 */
export function keptValue<T>(
  freshForMs: number,
  load: () => Promise<T>,
): (now?: number) => Promise<T> {
  let kept: { value: T; at: number } | null = null;
  let loading: Promise<T> | null = null;
  return (now = Date.now()) => {
    if (kept && now - kept.at < freshForMs) return Promise.resolve(kept.value);
    loading ??= load()
      .then((value) => {
        kept = { value, at: now };
        return value;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
}
