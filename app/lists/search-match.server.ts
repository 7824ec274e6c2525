import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { fullTextQueryText, type QueryWeights } from "./full-text-query";

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
   * Where a matching row's match is (ADR 0040): 1 every word in the name, 2 in the name, summary
   * and city, 3 anywhere in the document (the about text too), 4 the "contains" test alone: ORDER
   * BY it ascending. Null when the term has no word to look for (only "contains" applies).
   */
  tier: SQL | null;
}

/** `to_tsquery('portuguese', ...)` of what was typed, limited to a tier's weights; null: no word. */
export function fullTextQuery(term: string, weights: QueryWeights = ""): SQL | null {
  const queryText = fullTextQueryText(term, weights);
  return queryText ? sql`to_tsquery('portuguese'::regconfig, ${queryText})` : null;
}

/**
 * Portuguese full-text search with a "contains" fallback (ADR 0028). The document (a generated
 * tsvector, weighted name A, summary and city B, about C) is matched against a prefix query
 * stemmed by the `portuguese` configuration, served by its GIN index; the trigram "contains" test
 * on search_text (name, summary, city) keeps finding a fragment from the middle of a word, or a
 * search of stop words alone ("de"), as before. PostgreSQL answers the OR with both indexes. The
 * tier is read from the document's weights (the directory's narrow table has a column per tier
 * instead, so that each has its own index: ADR 0040).
 */
export function textSearch(document: SQLWrapper, searchText: SQLWrapper, term: string): TextSearch {
  const contains = searchTextMatches(searchText, term);
  const query = fullTextQuery(term);
  if (!query) return { matches: contains, tier: null };
  return {
    matches: sql`(${document} @@ ${query} or ${contains})`,
    tier: sql`(case when ${document} @@ ${fullTextQuery(term, "A")} then 1
      when ${document} @@ ${fullTextQuery(term, "AB")} then 2
      when ${document} @@ ${query} then 3 else 4 end)`,
  };
}
