import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/** LIKE's own wildcards typed by a person are searched for literally. */
function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The accent- and case-insensitive "contains" test on a generated `search_text` column
 * (ADR 0004). Written exactly this way so PostgreSQL serves it from the column's GIN trigram
 * index: the term goes through the same immutable_unaccent(lower(...)) as the column did.
 */
export function searchTextMatches(column: AnyColumn, term: string): SQL {
  return sql`${column} like '%' || immutable_unaccent(lower(${escapeLike(term)})) || '%'`;
}
