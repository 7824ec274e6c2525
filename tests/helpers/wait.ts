/**
 * Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`
 * with `message` and the last error seen. Tests wait for conditions, never for fixed times.
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 100, message = "condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : "";
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${message}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Resolves with the promise's value, or rejects when it takes longer than `timeoutMs`. */
export async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took longer than ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Options for every `expect.poll` in the browser tests (its 1 s default failed on a busy machine):
 * how long a condition may take to become true, by what it waits for.
 */
export const POLL = {
  /** The page reacting by itself: a dialog turning modal, focus moving, a section opening. */
  ui: { timeout: 10_000, interval: 50 },
  /** A change that needs the server: a navigation, a list loading more, an action's answer. */
  server: { timeout: 20_000, interval: 100 },
} as const;
