import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { events, institutions, users, volunteers } from "~/db/schema";
import { forYou } from "~/volunteers/for-you.server";
import { insertInstitution } from "../helpers/admin-fixtures";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * "Para você" (issue 15, item 7) on a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set): what shares the volunteer's causes, skills and city comes first,
 * with the sentence that says why; what shares nothing is not shown; without interests the
 * page gets the invitation to choose them.
 */

let database: TestDatabase;
let db: Database;
let people = 0;
const TODAY = "2026-12-01";

async function volunteer(profile: { causes: string[]; skills: string[] }): Promise<string> {
  people += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `pv${people}@teste.org.br`, name: `Pessoa ${people}`, profile: "VOLUNTEER" })
    .returning({ id: users.id });
  const userId = user?.id ?? "";
  await db
    .insert(volunteers)
    .values({ userId, summary: "", state: "PE", city: "Recife", ...profile });
  return userId;
}

async function institution(name: string, place: { city: string; state: string }, causes: string[]) {
  const id = await insertInstitution(db, {
    name,
    email: `${name.replaceAll(" ", ".").toLowerCase()}@teste.org.br`,
    status: "APPROVED",
  });
  await db
    .update(institutions)
    .set({ ...place, causes })
    .where(eq(institutions.userId, id));
  return id;
}

interface EventSpec {
  name: string;
  institutionId: string;
  date: string;
  city: string;
  state: string;
  causes?: string[];
  skills?: string[];
  format?: "PRESENCIAL" | "ONLINE" | "HIBRIDO";
  status?: string;
}

async function event(spec: EventSpec) {
  await db.insert(events).values({
    institutionId: spec.institutionId,
    name: spec.name,
    eventDate: spec.date,
    resume: "Resumo.",
    about: "Sobre.",
    street: "Rua A",
    number: "1",
    neighborhood: "Centro",
    city: spec.city,
    state: spec.state,
    format: spec.format ?? "PRESENCIAL",
    onlineLink: spec.format && spec.format !== "PRESENCIAL" ? "https://meet.exemplo.org/x" : null,
    causes: spec.causes ?? [],
    skills: spec.skills ?? [],
    status: spec.status ?? "APPROVED",
  });
}

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  const recife = await institution("Escola Aberta", { city: "Recife", state: "PE" }, ["educacao"]);
  const saoPaulo = await institution("Teatro Livre", { city: "São Paulo", state: "SP" }, [
    "cultura",
  ]);
  await event({
    name: "Unrelated, soonest",
    institutionId: saoPaulo,
    date: "2026-12-02",
    city: "São Paulo",
    state: "SP",
    causes: ["cultura"],
  });
  await event({
    name: "Same cause, same city",
    institutionId: recife,
    date: "2026-12-20",
    city: "Recife",
    state: "PE",
    causes: ["educacao"],
  });
  await event({
    name: "Same cause, far away",
    institutionId: saoPaulo,
    date: "2026-12-05",
    city: "São Paulo",
    state: "SP",
    causes: ["educacao"],
  });
  await event({
    name: "Asks for a skill, online",
    institutionId: saoPaulo,
    date: "2026-12-08",
    city: "São Paulo",
    state: "SP",
    skills: ["ensino"],
    format: "ONLINE",
  });
  await event({
    name: "Same cause, already over",
    institutionId: recife,
    date: "2026-11-20",
    city: "Recife",
    state: "PE",
    causes: ["educacao"],
  });
  await event({
    name: "Same cause, not approved",
    institutionId: recife,
    date: "2026-12-03",
    city: "Recife",
    state: "PE",
    causes: ["educacao"],
    status: "PENDING",
  });
});

afterAll(async () => {
  await database?.dispose();
});

describe("Para você", () => {
  it("ranks a same-cause, same-city event above an unrelated one, and says why", async () => {
    const userId = await volunteer({ causes: ["educacao"], skills: ["ensino"] });
    const result = await forYou(userId, TODAY);
    expect(result.hasInterests).toBe(true);
    expect(result.events.map((item) => item.name)).toEqual([
      "Same cause, same city",
      // Three points each (a cause; a skill and online): the sooner first.
      "Same cause, far away",
      "Asks for a skill, online",
    ]);
    expect(result.events[0]?.reason).toBe(
      "Porque você se interessa por educação e é em Recife, a sua cidade.",
    );
    expect(result.events[2]?.reason).toBe(
      "Porque busca a sua habilidade em ensino e reforço escolar e é online, de onde você estiver.",
    );
    expect(result.institutions.map((item) => item.name)).toEqual(["Escola Aberta"]);
    expect(result.institutions[0]?.reason).toBe(
      "Porque você se interessa por educação e fica em Recife, a sua cidade.",
    );
  });

  it("shows an unrelated event once the volunteer shares its cause", async () => {
    const userId = await volunteer({ causes: ["cultura"], skills: [] });
    const names = (await forYou(userId, TODAY)).events.map((item) => item.name);
    expect(names[0]).toBe("Unrelated, soonest");
    expect(names).toContain("Same cause, same city"); // same city, no shared cause
  });

  it("asks for interests when the profile has none", async () => {
    const userId = await volunteer({ causes: [], skills: [] });
    expect(await forYou(userId, TODAY)).toEqual({
      hasInterests: false,
      events: [],
      institutions: [],
    });
  });
});
