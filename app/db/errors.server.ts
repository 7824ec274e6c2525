/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or null for any other error. Drizzle
 * wraps driver errors, so the cause chain is walked; PGlite and pg both carry `constraint`.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: string; constraint?: string };
    if (candidate.code === "23505") return candidate.constraint ?? "";
  }
  return null;
}
