import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOneLine, asPlainText } from "~/lib/plain-text";
import { databaseKind } from "../helpers/database";
import {
  journal,
  type MigratingDatabase,
  pgliteDatabase,
  postgresDatabase,
  releaseFolder,
} from "../helpers/migration-releases";
import { createScratchDatabase } from "../helpers/postgres";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * Issue 40, item 5: a database made by the first release upgrades to the current schema without
 * loss, on the run's engine (PGlite, and PostgreSQL with TEST_DATABASE_URL). The database is built
 * one migration at a time with the app's own migrator, from 0000 on; after each migration that
 * has a fixture (tests/fixtures/upgrade/<tag>.sql) that step's rows are written as the code of that
 * release wrote them. Every row then stands in the current schema with the same values, but for
 * the changes migrations make on purpose, each named below with its migration.
 */

const FIXTURES = path.join(PROJECT_ROOT, "tests/fixtures/upgrade");

type Engine = MigratingDatabase;

async function emptyEngine(): Promise<Engine> {
  if (databaseKind() === "pglite") return pgliteDatabase();
  const scratch = await createScratchDatabase();
  const database = postgresDatabase(scratch.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** Every table's rows keyed by primary key, as JSON (generated columns left out: derived). */
async function snapshot(
  engine: Engine,
): Promise<Map<string, Map<string, Record<string, unknown>>>> {
  const keys = await engine.rows<{ table_name: string; column_name: string }>(`
    select tc.table_name, kcu.column_name
    from information_schema.table_constraints tc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
    where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public'
    order by tc.table_name, kcu.ordinal_position`);
  const generated = await engine.rows<{ table_name: string; column_name: string }>(`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and is_generated = 'ALWAYS'`);
  const tables = new Map<string, string[]>();
  for (const { table_name, column_name } of keys) {
    tables.set(table_name, [...(tables.get(table_name) ?? []), column_name]);
  }
  const result = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [table, columns] of tables) {
    const rows = await engine.rows<{ key: string; row: Record<string, unknown> | string }>(
      `select (${columns.map((column) => `"${column}"::text`).join(" || '|' || ")}) as key,
        to_jsonb(t.*) as row from "${table}" t`,
    );
    const skip = new Set(
      generated.filter((column) => column.table_name === table).map((c) => c.column_name),
    );
    result.set(
      table,
      new Map(
        rows.map(({ key, row }) => {
          const values = typeof row === "string" ? JSON.parse(row) : row;
          for (const column of skip) delete values[column];
          return [key, values];
        }),
      ),
    );
  }
  return result;
}

/**
 * Columns whose values a migration changes on purpose (the upgraded row holds the new value,
 * checked in its own test below), by table.
 */
const CHANGED_ON_PURPOSE: Record<string, string[]> = {
  // 0020_clean_member_text: member text to the text rule (ADR 0066).
  users: ["name", "email_verified"], // and 0024: accounts made before confirmation are confirmed
  volunteers: ["summary"],
};

let root: string;
let engine: Engine;
/** Each table's rows right after the fixtures wrote them, before any later migration ran. */
const written = new Map<string, Map<string, Record<string, unknown>>>();
let upgraded: Map<string, Map<string, Record<string, unknown>>>;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "conecta-upgrade-"));
  engine = await emptyEngine();
  for (const entry of journal.entries) {
    await engine.migrate(releaseFolder(root, entry.idx + 1));
    const fixture = path.join(FIXTURES, `${entry.tag}.sql`);
    if (!existsSync(fixture)) continue;
    const before = await snapshot(engine);
    await engine.exec(readFileSync(fixture, "utf8"));
    const after = await snapshot(engine);
    for (const [table, rows] of after) {
      for (const [key, row] of rows) {
        if (before.get(table)?.has(key)) continue;
        if (!written.has(table)) written.set(table, new Map());
        written.get(table)?.set(key, row);
      }
    }
  }
  upgraded = await snapshot(engine);
}, 180_000);

afterAll(async () => {
  await engine?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("upgrading a first release's database, one migration at a time", () => {
  it("applies every migration of the journal", async () => {
    const applied = await engine.rows<{ n: string | number }>(
      "select count(*) as n from drizzle.__drizzle_migrations",
    );
    expect(Number(applied[0]?.n)).toBe(journal.entries.length);
    expect(written.size).toBeGreaterThanOrEqual(15);
  });

  it("keeps every row written at every step, with every value it had", () => {
    for (const [table, rows] of written) {
      const now = upgraded.get(table);
      expect(now, table).toBeDefined();
      const changed = new Set(CHANGED_ON_PURPOSE[table] ?? []);
      for (const [key, before] of rows) {
        const after = now?.get(key);
        expect(after, `${table} ${key}`).toBeDefined();
        for (const [column, value] of Object.entries(before)) {
          if (changed.has(column)) continue;
          expect(after?.[column], `${table}.${column} of ${key}`).toEqual(value);
        }
      }
    }
  });

  it("changes on purpose only what its migrations say", () => {
    const user = upgraded.get("users")?.get("a0000000-0000-4000-8000-000000000002");
    // 0020: a single-line field keeps one line; 0024: existing accounts count as confirmed.
    expect(user?.name).toBe(asOneLine("Ana\r\nSouza"));
    expect(user?.email_verified).toBe(true);
    const volunteer = upgraded.get("volunteers")?.get("a0000000-0000-4000-8000-000000000002");
    expect(volunteer?.summary).toBe(asPlainText("Gosto de ensinar.\r\nSábados livres."));
    // 0020 leaves accepted termos as they were hashed: their exact text stands.
    const termo = upgraded.get("agreements")?.get("c3000000-0000-4000-8000-000000000001");
    expect(termo?.body).toBe("TERMO DE ADESÃO\r\n\r\n1. Ana\r\nSouza presta serviço voluntário.");
    // 0026: the certificate holds the hour rows it covered, found from its snapshot.
    const certificate = upgraded.get("certificates")?.get("c4000000-0000-4000-8000-000000000001");
    expect(certificate?.hour_ids).toEqual(["c2000000-0000-4000-8000-000000000001"]);
  });

  it("fills what later releases added from the rows already there", () => {
    // 0005/0011: the directory's search table holds the approved institution.
    const directory = upgraded.get("directory_search");
    expect(
      [...(directory?.values() ?? [])].some((row) => JSON.stringify(row).includes("Primeira")),
    ).toBe(true);
    // 0028 (ADR 0077): each institution's own account is its responsável, joined when the
    // institution was made; each event was made by its institution's account.
    const institutions = [...(upgraded.get("institutions")?.values() ?? [])];
    const members = [...(upgraded.get("institution_members")?.values() ?? [])];
    expect(institutions.length).toBeGreaterThan(0);
    expect(
      members.map((row) => [row.institution_id, row.user_id, row.role, row.limited]).sort(),
    ).toEqual(institutions.map((row) => [row.user_id, row.user_id, "RESPONSAVEL", false]).sort());
    for (const member of members) {
      const own = institutions.find((row) => row.user_id === member.institution_id);
      expect(member.joined_at).toEqual(own?.created_at);
    }
    const events = [...(upgraded.get("events")?.values() ?? [])];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.created_by).toBe(event.institution_id);
  });
});
