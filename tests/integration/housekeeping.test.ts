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
      await database.db.execute(sql`
        insert into users (email, name, profile)
        select 'massa' || n || '@teste.org', 'Pessoa ' || n, 'VOLUNTEER'
        from generate_series(1, 2000) as n`);
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
});
