import type { Database } from "~/db/client.server";

/** A Drizzle query as EXPLAIN needs it: its SQL text and bound parameters. */
export interface ExplainableQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * The plan the test database gives a Drizzle query, one line per plan line, with the same bound
 * parameters the app sends. `options` are EXPLAIN's own, e.g. "(costs off)" or
 * "(analyze, costs off, timing off)". Either driver (PGlite or pg) takes (text, params).
 */
export async function explainPlan(
  db: Database,
  query: ExplainableQuery,
  options = "",
): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const { $client: client } = db as unknown as {
    $client: { query: (text: string, params: unknown[]) => Promise<{ rows: object[] }> };
  };
  const result = await client.query(`explain ${options} ${text}`, params);
  return result.rows.map((row) => Object.values(row)[0]).join("\n");
}
