import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportPersonalData } from "~/account/personal-data.server";
import type { Database } from "~/db/client.server";
import { events, users, volunteers } from "~/db/schema";
import { joinEvent } from "~/participation/participation.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * The LGPD download (art. 18, II) holds what taking part in events left behind (issue 15): the
 * volunteer's places and causes, and for an institution the people who took places in its events.
 */
let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.dispose();
});

describe("the personal data download", () => {
  it("lists the places a volunteer took and the people in an institution's events", async () => {
    const institutionId = await insertInstitution(db, {
      name: "ONG Dados",
      email: "ong.dados@teste.org.br",
      status: "APPROVED",
    });
    const [person] = await db
      .insert(users)
      .values({ email: "vi@teste.org.br", name: "Vi Dados", profile: "VOLUNTEER" })
      .returning({ id: users.id });
    const userId = person?.id ?? "";
    await db.insert(volunteers).values({
      userId,
      summary: "",
      state: "PE",
      city: "Recife",
      causes: ["educacao"],
      skills: ["ensino"],
    });
    const [event] = await db
      .insert(events)
      .values({
        institutionId,
        name: "Mutirão dos dados",
        eventDate: "2026-12-10",
        resume: "Resumo.",
        about: "Sobre.",
        street: "Rua A",
        number: "1",
        neighborhood: "Centro",
        city: "Recife",
        state: "PE",
        status: "APPROVED",
      })
      .returning({ id: events.id });
    const eventId = event?.id ?? "";
    await joinEvent({ eventId, userId, now: new Date("2026-12-01T12:00:00Z") });

    const mine = await exportPersonalData(userId);
    expect(mine?.volunteer).toMatchObject({ causes: ["educacao"], skills: ["ensino"] });
    expect(mine?.participations).toEqual([
      expect.objectContaining({ eventId, eventName: "Mutirão dos dados", status: "CONFIRMED" }),
    ]);
    expect(mine?.participantsReceived).toEqual([]);

    const theirs = await exportPersonalData(institutionId);
    expect(theirs?.participations).toEqual([]);
    expect(theirs?.participantsReceived).toEqual([
      expect.objectContaining({ userId, volunteerName: "Vi Dados", status: "CONFIRMED" }),
    ]);
  });
});
