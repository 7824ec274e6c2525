import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listVolunteers, volunteerPageQuery } from "~/admin/people.server";
import type { Database } from "~/db/client.server";
import { databaseWithAdmin } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";
import { type ExplainableQuery, explainPlan } from "../helpers/explain";

/**
 * The admin's volunteer list at a size where the plan matters: a page by name is read in order
 * from users_profile_name_idx (migration 0019), not by sorting every volunteer (48 ms at
 * 100 000 on PostgreSQL, in parallel workers).
 */
const VOLUNTEERS = 5_000;
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  ({ database, db } = await databaseWithAdmin());
  await db.execute(sql`
    insert into users (email, name, profile)
    select 'voluntario' || n || '@exemplo.org', 'Pessoa ' || md5(n::text), 'VOLUNTEER'
    from generate_series(1, ${VOLUNTEERS}) as n`);
  await db.execute(sql`vacuum analyze users`);
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

const plan = (query: ExplainableQuery) => explainPlan(db, query);

describe("admin volunteer list", () => {
  it("reads a page by name from the index, first page and a deep one, without a sort", async () => {
    for (const page of [1, 40]) {
      const text = await plan(volunteerPageQuery({ page, search: "" }));
      expect(text, `page ${page}`).toContain("users_profile_name_idx");
      expect(text, `page ${page}`).not.toMatch(/Sort|Seq Scan/);
    }
  });

  it("pages by name without overlap and counts every volunteer", async () => {
    const first = await listVolunteers({ page: 1, search: "" });
    const second = await listVolunteers({ page: 2, search: "" });
    expect(first.total).toBe(VOLUNTEERS);
    const names = [...first.rows, ...second.rows].map((row) => row.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(names.length);
  });
});
