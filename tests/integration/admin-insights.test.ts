import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEventsPerMonth, getSignupsPerWeek } from "~/admin/insights.server";
import type { Database } from "~/db/client.server";
import { events, users } from "~/db/schema";
import { databaseWithAdmin, eventRow, insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";

/**
 * The dashboard's two series on a real database, around the edges of their windows: the
 * accounts and events just inside and just outside, the admin and deleted events left out. Each
 * series is also compared with the statement it replaced (every week or month joined to every
 * row), kept here as the reference.
 */
let database: TestDatabase;
let db: Database;

/** A timestamp the database computes, so that the test and the series agree on "now". */
const at = (expression: string) => sql.raw(`(${expression})`);

beforeAll(async () => {
  ({ database, db } = await databaseWithAdmin());
  const institutionId = await insertInstitution(db, {
    name: "Instituto Janela",
    email: "janela@teste.org",
    status: "APPROVED",
  });
  const account = (name: string, profile: "VOLUNTEER" | "INSTITUTION", created: string) =>
    db.insert(users).values({
      email: `${name}@teste.org`,
      name,
      profile,
      createdAt: sql`${at(created)}` as never,
    });
  await account("agora", "VOLUNTEER", "now()");
  await account(
    "primeira-semana",
    "INSTITUTION",
    "date_trunc('week', now()) - interval '51 weeks'",
  );
  await account(
    "antes-da-janela",
    "VOLUNTEER",
    "date_trunc('week', now()) - interval '51 weeks' - interval '1 second'",
  );
  await account("meio", "VOLUNTEER", "now() - interval '20 weeks'");

  const event = (name: string, date: string, status = "APPROVED") =>
    db
      .insert(events)
      .values(eventRow(institutionId, { name, eventDate: at(`(${date})::date`), status }));
  await event("este mes", "now()");
  await event("apagado", "now()", "DELETED");
  await event("primeiro mes", "date_trunc('month', now()) - interval '11 months'");
  await event("antes", "date_trunc('month', now()) - interval '11 months' - interval '1 day'");
  await event("mes que vem", "date_trunc('month', now()) + interval '1 month'");
  await event("pendente", "now() - interval '3 months'", "PENDING");
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

describe("dashboard series", () => {
  it("counts the accounts of the last 52 weeks, volunteers and institutions only", async () => {
    const weeks = await getSignupsPerWeek();
    expect(weeks).toHaveLength(52);
    // This week: "agora" (the admin, made now too, is left out); the first week: the
    // institution made at its first instant (its own user and the fixture's institution are
    // made now).
    expect(weeks.at(-1)?.value).toBe(2);
    expect(weeks[0]?.value).toBe(1);
    expect(weeks.reduce((sum, week) => sum + week.value, 0)).toBe(4);

    const reference = await db.execute<{ start: string; value: number }>(sql`
      select to_char(week, 'YYYY-MM-DD') as start, count(${users.id})::int as value
      from generate_series(date_trunc('week', now()) - interval '51 weeks',
                           date_trunc('week', now()), interval '1 week') as week
      left join ${users} on date_trunc('week', ${users.createdAt}) = week and ${users.role} = 'USER'
      group by week order by week`);
    expect(weeks).toEqual(
      reference.rows.map((row) => ({ start: row.start, value: Number(row.value) })),
    );
  });

  it("counts the events of the last 12 months by the month they take place, not deleted", async () => {
    const months = await getEventsPerMonth();
    expect(months).toHaveLength(12);
    expect(months[0]?.value).toBe(1);
    expect(months.at(-1)?.value).toBe(1);
    expect(months.reduce((sum, month) => sum + month.value, 0)).toBe(3);

    const reference = await db.execute<{ start: string; value: number }>(sql`
      select to_char(month, 'YYYY-MM-DD') as start, count(${events.id})::int as value
      from generate_series(date_trunc('month', now()) - interval '11 months',
                           date_trunc('month', now()), interval '1 month') as month
      left join ${events} on date_trunc('month', ${events.eventDate}::timestamp) = month
        and ${events.status} <> 'DELETED'
      group by month order by month`);
    expect(months).toEqual(
      reference.rows.map((row) => ({ start: row.start, value: Number(row.value) })),
    );
  });
});
