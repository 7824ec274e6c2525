import { env } from "~/config/env.server";
import type { Database } from "~/db/client.server";
import { events, users, volunteers } from "~/db/schema";
import { insertInstitution } from "./admin-fixtures";
import { testDatabase } from "./database";

/**
 * Rows for the tests of an event's list (issue 15): volunteers with a profile (phone, city) and
 * published events, written straight to the test database.
 */
export function participationWorld(db: Database, institutionId: string) {
  let people = 0;
  return {
    async volunteer(name?: string): Promise<{ id: string; email: string; name: string }> {
      people += 1;
      const person = {
        email: `participante${people}-${Date.now()}@teste.org.br`,
        name: name ?? `Participante ${people}`,
      };
      const [row] = await db
        .insert(users)
        .values({ ...person, phone: "81987654321", profile: "VOLUNTEER" })
        .returning({ id: users.id });
      const id = row?.id ?? "";
      await db
        .insert(volunteers)
        .values({ userId: id, summary: "Quero ajudar.", city: "Recife", state: "PE" });
      return { id, ...person };
    },
    async event(options: {
      places: number | null;
      date: string;
      startTime?: string | null;
      name?: string;
    }): Promise<string> {
      const startTime = options.startTime === undefined ? "09:00" : options.startTime;
      const [row] = await db
        .insert(events)
        .values({
          institutionId,
          name: options.name ?? `Mutirão de ${options.date}`,
          eventDate: options.date,
          startTime,
          endTime: startTime ? "12:00" : null,
          resume: "Resumo.",
          about: "Sobre o mutirão.",
          street: "Rua A",
          number: "1",
          neighborhood: "Centro",
          city: "Recife",
          state: "PE",
          status: "APPROVED",
          places: options.places,
        })
        .returning({ id: events.id });
      return row?.id ?? "";
    },
  };
}

/** The database of a participation test file with one approved institution and its world. */
export async function participationTestbed(institution: { name: string; email: string }) {
  const database = await testDatabase();
  const institutionId = await insertInstitution(database.db, {
    ...institution,
    status: "APPROVED",
  });
  return {
    database,
    db: database.db,
    institutionId,
    world: participationWorld(database.db, institutionId),
  };
}

/**
 * The event page's address as e-mails carry it: the configured origin, which is read once per
 * process, so under isolate: false it is whichever BASE_URL the worker's first file set.
 */
export const eventUrl = (id: string) => `${env().BASE_URL}/eventos/${id}`;
