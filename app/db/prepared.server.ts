import { type Database, db } from "./client.server";

/** Names given so far: PostgreSQL keeps one statement per name on each connection. */
const names = new Set<string>();

/**
 * A read that signed-in pages run on every request, built by Drizzle once per open database and
 * run as a named prepared statement (ADR 0054). Drizzle builds a query's SQL anew on every call
 * (a tenth of the volunteer home's CPU went there) and PostgreSQL parses and plans it anew; a
 * prepared query is built once, its values come as `sql.placeholder(...)`, and each pooled
 * connection parses it once. Only for queries whose shape never changes with the values: a
 * search whose plan depends on its terms stays an ordinary query.
 *
 * @param name the statement's name, unique in the application (checked here)
 * @param build makes the query (on `db()`, as every query does) and calls `.prepare(name)` on it
 */
export function preparedQuery<Query>(name: string, build: (name: string) => Query): () => Query {
  if (names.has(name)) throw new Error(`prepared query "${name}" is defined twice`);
  names.add(name);
  let builtFor: Database | undefined;
  let query: Query | undefined;
  return () => {
    const database = db();
    // Tests close and open databases in one process: a query belongs to the handle it was built on.
    if (query === undefined || builtFor !== database) {
      query = build(name);
      builtFor = database;
    }
    return query;
  };
}
