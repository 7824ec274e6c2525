import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * LIKE's own wildcards typed by a person are searched for literally. Control characters are
 * dropped: nobody types them, and PostgreSQL refuses a NUL byte in text (the query would fail).
 */
function escapeLike(term: string): string {
  return term.replace(/\p{Cc}/gu, "").replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * The accent- and case-insensitive "contains" test on a generated `search_text` column
 * (ADR 0004) or a copy of one. Written exactly this way so PostgreSQL serves it from the column's GIN trigram
 * index: the term goes through the same immutable_unaccent(lower(...)) as the column did.
 */
export function searchTextMatches(column: SQLWrapper, term: string): SQL {
  return sql`${column} like '%' || immutable_unaccent(lower(${escapeLike(term)})) || '%'`;
}
