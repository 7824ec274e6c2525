import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { fullTextQueryText } from "./full-text-query";

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

/** A search on a table with a full-text document and a trigram `search_text` (ADR 0028). */
export interface TextSearch {
  /** The WHERE: the document matches every word (as a prefix), or the text contains the term. */
  matches: SQL;
  /**
   * ts_rank of the document (0 for a row found by "contains" alone): ORDER BY it descending.
   * Null when the term has no word to rank by (only "contains" applies).
   */
  rank: SQL | null;
}

/**
 * Portuguese full-text search with a "contains" fallback (ADR 0028). The document (a generated
 * tsvector, weighted name A, summary and city B, about C) is matched against a prefix query
 * stemmed by the `portuguese` configuration, served by its GIN index; the trigram "contains" test
 * on search_text (name, summary, city) keeps finding a fragment from the middle of a word, or a
 * search of stop words alone ("de"), as before. PostgreSQL answers the OR with both indexes.
 */
export function textSearch(document: SQLWrapper, searchText: SQLWrapper, term: string): TextSearch {
  const contains = searchTextMatches(searchText, term);
  const queryText = fullTextQueryText(term);
  if (!queryText) return { matches: contains, rank: null };
  const query = sql`to_tsquery('portuguese'::regconfig, ${queryText})`;
  return {
    matches: sql`(${document} @@ ${query} or ${contains})`,
    rank: sql`ts_rank(${document}, ${query})`,
  };
}
