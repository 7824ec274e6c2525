import { type SQL, sql } from "drizzle-orm";
import type { BulkLists } from "./bulk-lists.server";

/**
 * Building blocks of the set-based bulk INSERTs. Every row is a pure function of its number
 * (`g`) and a salt, through PostgreSQL's hashint4: the same number always yields the same
 * choices, so an event can recompute its institution's id, city and cause without a lookup.
 * These helpers paste only code-defined identifiers and numbers into SQL, never user input.
 */

/** A well-spread non-negative integer from a row number and a salt. */
export function hash(expr: string, salt: number): string {
  return `(hashint4((${expr})::int + ${salt})::bigint & 2147483647)`;
}

/** 0-based index into list `name` chosen by the row. */
export function indexIn(name: string, expr: string, salt: number): string {
  return `(${hash(expr, salt)} % cardinality(l.${name}))`;
}

/** An element of list `name` chosen by the row. */
export function pick(name: string, expr: string, salt: number): string {
  return `l.${name}[1 + ${indexIn(name, expr, salt)}]`;
}

/** 0-based index of an element within cause `group` (0-based) of a grouped list. */
export function indexInGroup(name: string, group: string, expr: string, salt: number): string {
  return `(l.${name}_off[1 + ${group}] + ${hash(expr, salt)} % l.${name}_cnt[1 + ${group}])`;
}

/** Replaces {placeholders} in a text expression, as fillTemplate does in JavaScript. */
export function fill(text: string, values: Record<string, string>): string {
  return Object.entries(values).reduce(
    (expr, [placeholder, value]) => `replace(${expr}, '{${placeholder}}', ${value})`,
    text,
  );
}

/** `l`: one row holding every list as a PostgreSQL array, unpacked from one JSON parameter. */
export function listsCte(lists: BulkLists): SQL {
  const columns = Object.entries(lists).map(([name, values]) => {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`Unsafe list name ${name}`);
    const type = typeof values[0] === "number" ? "int" : "text";
    return `array(select x.v::${type} from jsonb_array_elements_text(j->'${name}') with ordinality x(v, n) order by x.n) as ${name}`;
  });
  return sql`l as (select ${sql.raw(columns.join(",\n  "))} from (select ${JSON.stringify(lists)}::jsonb as j) p)`;
}
