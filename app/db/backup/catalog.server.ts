import type { SqlConnection } from "./connection.server";

/**
 * What a backup holds, read from the database's own catalog rather than from app/db/schema.ts:
 * a backup taken by this release of a database another release migrated still names every table
 * and column it has (docs/decisions/0076).
 */
export interface TableShape {
  name: string;
  /** Stored columns in order; generated ones are left out: the target computes them again. */
  columns: ColumnShape[];
  /** Primary key columns (or every column, for a table without one): the rows' order. */
  orderBy: string[];
  /** Tables this one's foreign keys point at (itself excluded). */
  references: string[];
}

export interface ColumnShape {
  name: string;
  /** The type as PostgreSQL spells it (`timestamp with time zone`, `text[]`): the restore casts to it. */
  type: string;
  /** Text-like: ordered under the "C" collation, which sorts alike whatever the server's locale. */
  collatable: boolean;
  /** Large values (bytea): fetched a few rows at a time. */
  wide: boolean;
}

export interface SequenceValue {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function readTables(connection: SqlConnection): Promise<TableShape[]> {
  const columns = await connection.rows(`
    select c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
      a.attcollation <> 0, a.atttypid = 'bytea'::regtype
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    order by c.relname, a.attnum`);
  const keys = await connection.rows(`
    select c.relname, a.attname
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where n.nspname = 'public' and i.indisprimary
    order by c.relname, k.position`);
  const references = await connection.rows(`
    select c.relname, r.relname
    from pg_constraint f
    join pg_class c on c.oid = f.conrelid
    join pg_class r on r.oid = f.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and f.contype = 'f' and c.oid <> r.oid`);

  const tables = new Map<string, TableShape>();
  for (const [table, name, type, collatable, wide] of columns as [
    string,
    string,
    string,
    boolean,
    boolean,
  ][]) {
    const shape = tables.get(table) ?? { name: table, columns: [], orderBy: [], references: [] };
    shape.columns.push({ name, type, collatable, wide });
    tables.set(table, shape);
  }
  for (const [table, column] of keys as [string, string][]) tables.get(table)?.orderBy.push(column);
  for (const [table, target] of references as [string, string][]) {
    const shape = tables.get(table);
    if (shape && !shape.references.includes(target)) shape.references.push(target);
  }
  for (const shape of tables.values()) {
    if (shape.orderBy.length === 0) shape.orderBy = shape.columns.map((column) => column.name);
  }
  return inDependencyOrder([...tables.values()]);
}

/**
 * Tables ordered so that each comes after those its foreign keys point at (by name among
 * equals, so every engine lists them alike): rows restored in this order satisfy every key as
 * they go in.
 */
function inDependencyOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableShape[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TableShape, path: string[]) => {
    const seen = state.get(table.name);
    if (seen === "done") return;
    if (seen === "visiting") {
      throw new Error(`Foreign keys run in a circle: ${[...path, table.name].join(" -> ")}`);
    }
    state.set(table.name, "visiting");
    for (const target of [...table.references].sort()) {
      const referenced = byName.get(target);
      if (referenced) visit(referenced, [...path, table.name]);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name, "en"))) {
    visit(table, []);
  }
  return ordered;
}

/** The SELECT that reads a table's stored columns as text, in an order every engine shares. */
export function selectAsText(table: TableShape): string {
  const columns = table.columns.map((column) => `${quoteIdentifier(column.name)}::text`).join(", ");
  const collatable = new Set(table.columns.filter((c) => c.collatable).map((c) => c.name));
  const order = table.orderBy
    .map((name) => `${quoteIdentifier(name)}${collatable.has(name) ? ' collate "C"' : ""}`)
    .join(", ");
  return `select ${columns} from ${quoteIdentifier(table.name)} order by ${order}`;
}

export async function readSequences(connection: SqlConnection): Promise<SequenceValue[]> {
  const names = (await connection.rows(`
    select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S' order by c.relname collate "C"`)) as [string][];
  const values: SequenceValue[] = [];
  for (const [name] of names) {
    const [row] = (await connection.rows(
      `select last_value::text, is_called from ${quoteIdentifier(name)}`,
    )) as [string, boolean][];
    if (row) values.push({ name, lastValue: row[0], isCalled: row[1] });
  }
  return values;
}

/** The migrations the database has applied, as Drizzle records them (journal time and hash). */
export async function readAppliedMigrations(
  connection: SqlConnection,
): Promise<{ when: number; hash: string }[]> {
  const present = await connection.rows(
    `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations'`,
  );
  if (present.length === 0) return [];
  const rows = (await connection.rows(
    "select created_at::text, hash from drizzle.__drizzle_migrations order by created_at",
  )) as [string, string][];
  return rows.map(([when, hash]) => ({ when: Number(when), hash }));
}
