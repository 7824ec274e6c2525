import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { databaseForFile, databaseKind } from "../helpers/database";

/**
 * The committed migrations, applied by openDatabase(), give the same schema on PGlite and on
 * PostgreSQL 15 (this file runs on both: see vitest.config.ts), with the extensions, trigram
 * indexes and CHECK constraints the domain code relies on.
 */
const TABLES = [
  "accounts",
  "audit_log",
  "directory_search",
  "email_outbox",
  "events",
  "images",
  "institutions",
  "sessions",
  "users",
  "verifications",
  "volunteer_requests",
  "volunteers",
];

const database = databaseForFile();

async function rows<T>(query: SQL): Promise<T[]> {
  const result = await database.db.execute(query);
  return result.rows as T[];
}

/** The SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). */
async function sqlState(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
      current = current.cause;
    }
    throw error;
  }
  throw new Error("the statement succeeded");
}

async function insertUser(email: string, name = "Pessoa de Teste"): Promise<string> {
  const [row] = await rows<{ id: string }>(
    sql`insert into users (email, name, profile) values (${email}, ${name}, 'INSTITUTION') returning id`,
  );
  if (!row) throw new Error("no user inserted");
  return row.id;
}

function insertInstitution(userId: string, values: { cnpj?: string; status?: string } = {}) {
  return database.db.execute(sql`
    insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
      status, street, number, neighborhood, city, state)
    values (${userId}, 'Casa de Apoio Esperança', ${values.cnpj ?? "11222333000181"}, 'Maria',
      'contato@example.org', 'Apoio a famílias', 'Sobre nós', ${values.status ?? "APPROVED"},
      'Rua A', '1', 'Centro', 'São Paulo', 'SP')`);
}

describe(`schema on ${databaseKind()}`, () => {
  it("creates every table", async () => {
    const found = await rows<{ table_name: string }>(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`);
    expect(found.map((row) => row.table_name)).toEqual(expect.arrayContaining(TABLES));
  });

  it("installs pg_trgm, unaccent and an IMMUTABLE immutable_unaccent()", async () => {
    const extensions = await rows<{ extname: string }>(sql`select extname from pg_extension`);
    expect(extensions.map((row) => row.extname)).toEqual(
      expect.arrayContaining(["pg_trgm", "unaccent"]),
    );
    const [fn] = await rows<{ provolatile: string }>(
      sql`select provolatile from pg_proc where proname = 'immutable_unaccent'`,
    );
    expect(fn?.provolatile).toBe("i");
    const [unaccented] = await rows<{ value: string }>(
      sql`select immutable_unaccent(lower('SÃO Paulo, Águas de Lindóia, Itaú')) as value`,
    );
    expect(unaccented?.value).toBe("sao paulo, aguas de lindoia, itau");
  });

  it("has GIN trigram indexes on the search columns", async () => {
    const indexes = await rows<{ tablename: string; indexname: string; indexdef: string }>(sql`
      select tablename, indexname, indexdef from pg_indexes
      where schemaname = 'public' and indexdef like '%gin_trgm_ops%' order by tablename`);
    expect(indexes.map((row) => row.indexname)).toEqual([
      "directory_search_trgm_idx",
      "events_search_trgm_idx",
      "institutions_search_trgm_idx",
      "users_search_trgm_idx",
    ]);
    for (const index of indexes) {
      expect(index.indexdef).toMatch(/USING gin \(search_text gin_trgm_ops\)/);
    }
  });

  it("has GIN full-text indexes on the search documents, stemmed in Portuguese (ADR 0028, 0040)", async () => {
    const indexes = await rows<{ indexname: string }>(sql`
      select indexname from pg_indexes
      where schemaname = 'public' and indexdef like '%USING gin (%document)%' order by indexname`);
    // The directory's copy also has one per tier of the search (names; name, summary and city).
    expect(indexes.map((row) => row.indexname)).toEqual([
      "directory_search_card_document_idx",
      "directory_search_document_idx",
      "directory_search_name_document_idx",
      "events_search_document_idx",
      "institutions_search_document_idx",
    ]);
    const [stemmed] = await rows<{ value: string }>(
      sql`select to_tsvector('portuguese', immutable_unaccent('Crianças e idosos'))::text as value`,
    );
    expect(stemmed?.value).toBe("'crianc':1 'idos':3");
  });

  it("records the applied migrations and applies none twice on restart", async () => {
    const before = await rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(before[0]?.count).toBeGreaterThanOrEqual(2);
    await database.reopen();
    const after = await rows<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(after[0]?.count).toBe(before[0]?.count);
  });
});

describe(`search on ${databaseKind()}`, () => {
  const search = (term: string) =>
    rows<{ name: string; city: string }>(sql`
      select name, city from institutions
      where search_text like '%' || immutable_unaccent(lower(${term})) || '%'`);

  beforeAll(async () => {
    await insertInstitution(await insertUser("sp@example.org"));
    // A row that must not match, so the search is not just "return everything".
    const other = await insertUser("rj@example.org");
    await database.db.execute(sql`
      insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
        street, number, neighborhood, city, state)
      values (${other}, 'Lar Vida Nova', '11444777000161', 'João', 'lar@example.org',
        'Acolhimento', 'Sobre', 'Rua B', '2', 'Centro', 'Rio de Janeiro', 'RJ')`);
  });

  it("finds São Paulo from an accent-free, lower-case term", async () => {
    expect(await search("sao paulo")).toEqual([
      { name: "Casa de Apoio Esperança", city: "São Paulo" },
    ]);
  });

  it("ignores case and accents in the term as well", async () => {
    expect(await search("SÃO PAULO")).toHaveLength(1);
    expect(await search("esperanca")).toHaveLength(1);
    expect(await search("rio de janeiro")).toEqual([
      { name: "Lar Vida Nova", city: "Rio de Janeiro" },
    ]);
    expect(await search("curitiba")).toEqual([]);
  });

  it("keeps the generated column in step with updates", async () => {
    await database.db.execute(
      sql`update institutions set city = 'Águas de Lindóia' where cnpj = '11444777000161'`,
    );
    expect(await search("aguas de lindoia")).toEqual([
      { name: "Lar Vida Nova", city: "Águas de Lindóia" },
    ]);
  });

  it("can answer the search from the trigram index", async () => {
    // With sequential scans priced out, the planner must be able to use the GIN index.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(sql`
        explain select user_id from institutions
        where search_text like '%' || immutable_unaccent(lower('sao paulo')) || '%'`);
      const text = (plan.rows as Record<string, string>[])
        .map((row) => Object.values(row).join(" "))
        .join("\n");
      expect(text).toContain("institutions_search_trgm_idx");
    });
  });

  it("finds users by unaccented name or e-mail", async () => {
    await insertUser("jose.conceicao@example.org", "José da Conceição");
    const found = await rows<{ email: string }>(sql`
      select email from users
      where search_text like '%' || immutable_unaccent(lower(${"jose da conceicao"})) || '%'`);
    expect(found.map((row) => row.email)).toEqual(["jose.conceicao@example.org"]);
  });
});

describe(`constraints on ${databaseKind()}`, () => {
  let userId: string;

  beforeAll(async () => {
    userId = await insertUser(`constraints-${randomUUID()}@example.org`);
  });

  it("rejects an unknown institution status", async () => {
    expect(await sqlState(insertInstitution(userId, { status: "FOO" }))).toBe("23514");
  });

  it("rejects a CNPJ with punctuation", async () => {
    expect(await sqlState(insertInstitution(userId, { cnpj: "11.222.333/0001-81" }))).toBe("23514");
  });

  it("accepts an alphanumeric CNPJ in canonical form", async () => {
    await insertInstitution(userId, { cnpj: "12ABC34501DE35", status: "PENDING" });
  });

  it("rejects a duplicate CNPJ", async () => {
    const other = await insertUser(`dup-${randomUUID()}@example.org`);
    expect(await sqlState(insertInstitution(other, { cnpj: "12ABC34501DE35" }))).toBe("23505");
  });

  it("rejects an e-mail that differs only in case", async () => {
    await insertUser("Caixa@Example.org");
    expect(await sqlState(insertUser("caixa@example.org"))).toBe("23505");
  });

  it("rejects an unknown role, profile or event status", async () => {
    expect(
      await sqlState(
        database.db.execute(
          sql`insert into users (email, name, profile, role) values ('r@example.org', 'R', 'VOLUNTEER', 'ROOT')`,
        ),
      ),
    ).toBe("23514");
    expect(
      await sqlState(
        database.db.execute(
          sql`insert into users (email, name, profile) values ('p@example.org', 'P', 'GUEST')`,
        ),
      ),
    ).toBe("23514");
    expect(
      await sqlState(
        database.db.execute(sql`
          insert into events (institution_id, name, event_date, resume, about, street, number,
            neighborhood, city, state, status)
          values (${userId}, 'Mutirão', '2026-12-01', 'Resumo', 'Sobre', 'Rua', '1', 'Centro',
            'São Paulo', 'SP', 'FOO')`),
      ),
    ).toBe("23514");
  });

  it("rejects a lower-case state and a phone with punctuation", async () => {
    expect(
      await sqlState(
        database.db.execute(sql`
          insert into volunteers (user_id, summary, state, city)
          values (${userId}, 'Resumo', 'sp', 'São Paulo')`),
      ),
    ).toBe("23514");
    expect(
      await sqlState(
        database.db.execute(sql`
          insert into users (email, name, profile, phone)
          values ('tel@example.org', 'T', 'VOLUNTEER', '(11) 99999-9999')`),
      ),
    ).toBe("23514");
  });

  it("rejects an image type other than JPEG, PNG or WebP", async () => {
    expect(
      await sqlState(
        database.db.execute(sql`
          insert into images (bytes, content_type, width, height, sha256)
          values ('\\x00'::bytea, 'image/svg+xml', 1, 1, 'x')`),
      ),
    ).toBe("23514");
  });
});
