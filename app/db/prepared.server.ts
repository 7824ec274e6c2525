import { createHash } from "node:crypto";
import { type Database, db } from "./client.server";

/** A Drizzle query that can be prepared: a select, or a set operation of selects. */
interface Preparable<Prepared> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared;
}

/**
 * A read that signed-in pages run on every request, built by Drizzle once per open database and
 * run as a named prepared statement (ADR 0054). Drizzle builds a query's SQL anew on every call
 * (a tenth of the volunteer home's CPU went there) and PostgreSQL parses and plans it anew; a
 * prepared query is built once, its values come as `sql.placeholder(...)`, and each pooled
 * connection parses it once. Only for queries whose shape never changes with the values: a
 * search whose plan depends on its terms stays an ordinary query.
 *
 * The statement's name is `name` plus a digest of its SQL: PostgreSQL keeps one statement per
 * name on each connection, so two texts never share one (a query edited while the development
 * server runs, or two modules that chose the same name).
 *
 * @param name a short readable name (the digest is added to it)
 * @param build makes the query on `db()`, as every query does, with placeholders for its values
 */
export function preparedQuery<Prepared>(
  name: string,
  build: () => Preparable<Prepared>,
): () => Prepared {
  let builtFor: Database | undefined;
  let prepared: Prepared | undefined;
  return () => {
    const database = db();
    // Tests close and open databases in one process: a query belongs to the handle it was built on.
    if (prepared === undefined || builtFor !== database) {
      prepared = prepareNamed(name, build());
      builtFor = database;
    }
    return prepared;
  };
}

/** Prepares `query` under `name` and the digest of its SQL (exposed for its test). */
export function prepareNamed<Prepared>(name: string, query: Preparable<Prepared>): Prepared {
  const digest = createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 12);
  return query.prepare(`${name}_${digest}`);
}
