import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimits, sessions, signupDrafts, users, verifications } from "~/db/schema";
import { runHousekeeping } from "~/jobs/housekeeping.server";
import { databaseForFile, databaseKind } from "../helpers/database";

/**
 * The hourly housekeeping on a real database: what has expired goes, what is still valid stays,
 * and the embedded database's planner statistics follow the data (PGlite has no autovacuum).
 */
const database = databaseForFile();

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** `count` volunteers in one statement: "<label> n", <label>n@teste.org. */
async function insertUsers(label: string, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into users (email, name, profile)
    select ${label}::text || n || '@teste.org', ${label}::text || ' ' || n, 'VOLUNTEER'
    from generate_series(1, ${count}::int) as n`);
}

describe("housekeeping", () => {
  it("removes expired sessions, tokens, drafts and old rate-limit windows, and keeps the rest", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: "limpeza@teste.org", name: "Limpeza", profile: "VOLUNTEER" })
      .returning({ id: users.id });
    const userId = user?.id ?? "";
    await database.db.insert(sessions).values([
      { userId, token: "expirada", expiresAt: hoursFromNow(-1) },
      { userId, token: "valida", expiresAt: hoursFromNow(24) },
    ]);
    await database.db.insert(verifications).values([
      { identifier: "reset:velho", value: "x", expiresAt: hoursFromNow(-1) },
      { identifier: "reset:novo", value: "y", expiresAt: hoursFromNow(1) },
    ]);
    await database.db.insert(signupDrafts).values([
      { id: "rascunho-velho", expiresAt: hoursFromNow(-1) },
      { id: "rascunho-novo", expiresAt: hoursFromNow(1) },
    ]);
    await database.db.insert(rateLimits).values([
      { key: "login:velho", count: 3, windowStartedAt: hoursFromNow(-48) },
      { key: "login:novo", count: 3, windowStartedAt: new Date() },
    ]);

    await runHousekeeping();

    expect(
      (await database.db.select({ v: sessions.token }).from(sessions)).map((r) => r.v),
    ).toEqual(["valida"]);
    expect(
      (await database.db.select({ v: verifications.identifier }).from(verifications)).map(
        (r) => r.v,
      ),
    ).toEqual(["reset:novo"]);
    expect(
      (await database.db.select({ v: signupDrafts.id }).from(signupDrafts)).map((r) => r.v),
    ).toEqual(["rascunho-novo"]);
    expect(
      (await database.db.select({ v: rateLimits.key }).from(rateLimits)).map((r) => r.v),
    ).toEqual(["login:novo"]);
  });

  it.runIf(databaseKind() === "pglite")(
    "refreshes the embedded database's row estimates after bulk inserts",
    async () => {
      await insertUsers("massa", 2000);
      const estimate = async () => {
        const result = await database.db.execute<{ rows: number }>(
          sql`select reltuples::int as rows from pg_class where relname = 'users'`,
        );
        return Number(result.rows[0]?.rows);
      };
      expect(await estimate()).toBeLessThan(2000);
      await runHousekeeping();
      expect(await estimate()).toBeGreaterThanOrEqual(2000);
    },
  );

  it.runIf(databaseKind() === "pglite")(
    "samples most tables for the statistics at a smaller target, the directory's search tables at the default",
    async () => {
      await insertUsers("amostra", 400);
      await database.db.execute(sql`
        insert into institutions (user_id, name, cnpj, responsible, contact_email, summary, about,
          street, number, neighborhood, city, state)
        select id, 'Instituto ' || name, lpad(regexp_replace(email, '[^0-9]', '', 'g'), 14, '0'), 'Responsável', email,
          'Resumo', 'Sobre', 'Rua A', '1', 'Centro', 'Recife', 'PE'
        from users where email like 'amostra%'`);
      // One histogram bound more than the target (or than the distinct values, when fewer).
      const histogramBounds = async (table: string, column: string) => {
        const result = await database.db.execute<{ bounds: number | null }>(sql`
          select array_length(histogram_bounds::text::text[], 1) as bounds
          from pg_stats where tablename = ${table} and attname = ${column}`);
        return Number(result.rows[0]?.bounds ?? 0);
      };

      await runHousekeeping();

      expect(await histogramBounds("users", "name")).toBe(31);
      expect(await histogramBounds("institutions", "name")).toBe(101);
      const target = await database.db.execute<{ default_statistics_target: string }>(
        sql`show default_statistics_target`,
      );
      expect(target.rows[0]?.default_statistics_target).toBe("100");
    },
  );
});
