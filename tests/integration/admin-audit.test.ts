import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_CSV_HEADER, auditCsvStream } from "~/admin/audit-csv.server";
import { type AuditFilters, NO_AUDIT_FILTERS } from "~/admin/audit-trail";
import { auditEntryBatches, listAuditEntries } from "~/admin/audit-trail.server";
import type { Database } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { type TestDatabase, testDatabase } from "../helpers/database";

/**
 * The audit section's trail on a real database (issue 14): each filter and their combination,
 * the period in Brasília days, pages, and the CSV export of every filtered entry.
 */
let database: TestDatabase;
let db: Database;
const people = {} as Record<"ana" | "bruno" | "raiz" | "carla", string>;

const filters = (set: Partial<AuditFilters>): AuditFilters => ({ ...NO_AUDIT_FILTERS, ...set });

async function person(name: string, email: string, role: "ADMIN" | "USER", profile: string) {
  const [row] = await db
    .insert(users)
    .values({ name, email, role, profile })
    .returning({ id: users.id });
  return row?.id ?? "";
}

/** An entry at an instant given in UTC (or as PostgreSQL text, to the microsecond). */
async function entry(
  actorId: string | null,
  action: string,
  at: string,
  details: Record<string, unknown>,
  targetType = "institution",
) {
  await db.insert(auditLog).values({
    actorId,
    action,
    targetType,
    targetId: crypto.randomUUID(),
    at: sql`${at}::timestamptz`,
    details,
  });
}

const FORMULA = '=HYPERLINK("http://x.test","clique")';

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
  people.ana = await person("Ana Administradora", "ana.admin@teste.org", "ADMIN", "ADMIN");
  people.bruno = await person("Bruno Gestão", "bruno@teste.org", "ADMIN", "ADMIN");
  people.carla = await person("Carla Saiu", "carla@teste.org", "ADMIN", "ADMIN");
  people.raiz = await person("Instituição Raiz", "raiz@ong.org", "USER", "INSTITUTION");
  // Ana: 12 approvals, one a day from 2026-03-01 at 15:00 UTC (12:00 in Brasília).
  for (let day = 1; day <= 12; day++) {
    const date = `2026-03-${String(day).padStart(2, "0")}`;
    await entry(people.ana, "institution.approve", `${date}T15:00:00Z`, {
      name: `Associação Número ${day}`,
    });
  }
  // The edges of 10/03 in Brasília: 23:59:59 of the 9th, then midnight of the 10th.
  await entry(people.bruno, "event.reject", "2026-03-10T02:59:59Z", { name: "Festa Junina" });
  await entry(people.bruno, "event.approve", "2026-03-10T03:00:00Z", { name: FORMULA });
  await entry(people.bruno, "event.delete", "2026-03-11T02:59:59.999999Z", {
    name: "-Bazar; Beneficente",
  });
  await entry(people.raiz, "institution.update", "2026-03-04T10:00:00Z", {
    name: "Instituição Raiz",
  });
  await entry(null, "account.delete", "2026-03-06T10:00:00Z", { profile: "VOLUNTEER", by: "self" });
  await entry(
    people.carla,
    "password.reset",
    "2026-03-07T10:00:00Z",
    { name: "Zé Ninguém" },
    "user",
  );
  // Carla leaves: her entries keep their place with no actor.
  await db.delete(users).where(eq(users.id, people.carla));
  // Three entries in the same microsecond, the export's cursor must neither skip nor repeat them.
  for (const name of ["Empate A", "Empate B", "Empate C"]) {
    await entry(people.ana, "event.update", "2026-03-05 09:00:00.123456+00", { name }, "event");
  }
});

afterAll(async () => {
  await database?.dispose();
});

const list = (set: Partial<AuditFilters>, page = 1) =>
  listAuditEntries({ page, filters: filters(set) });

const names = async (set: Partial<AuditFilters>) => {
  const all = [];
  for await (const batch of auditEntryBatches(filters(set), 4)) all.push(...batch);
  return all.map((found) => found.targetName);
};

describe("the audit trail's filters", () => {
  it("lists everything newest first, 10 a page", async () => {
    const first = await list({});
    expect(first.total).toBe(21);
    expect(first.entries).toHaveLength(10);
    expect(first.entries[0]?.targetName).toBe("Associação Número 12");
    const at = first.entries.map((found) => found.at);
    expect([...at].sort().reverse()).toEqual(at);
    expect((await list({}, 3)).entries).toHaveLength(1);
    expect((await list({}, 4)).entries).toEqual([]);
  });

  it("finds who acted by part of the name or e-mail, without accents or capitals", async () => {
    const ana = await list({ person: "ADMINISTRADORA" });
    expect(ana.total).toBe(15);
    expect(new Set(ana.entries.map((found) => found.actorName))).toEqual(
      new Set(["Ana Administradora"]),
    );
    expect((await list({ person: "bruno@teste" })).total).toBe(3);
    expect(await names({ person: "instituicao raiz" })).toEqual(["Instituição Raiz"]);
    expect((await list({ person: "ninguém com esse nome" })).total).toBe(0);
  });

  it("finds who acted among more people than a narrow search resolves to ids", async () => {
    // 205 people whose names contain "Larga"; only the last of them acted.
    await db.execute(sql`
      insert into users (name, email, role, profile)
      select 'Pessoa Larga ' || n, 'larga' || n || '@teste.org', 'USER', 'VOLUNTEER'
      from generate_series(1, 205) as n`);
    const [last] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.name, "Pessoa Larga 205"));
    await entry(last?.id ?? null, "institution.update", "2026-02-01T12:00:00Z", { name: "Larga" });
    try {
      expect(await names({ person: "larga" })).toEqual(["Larga"]);
      expect((await list({ person: "larga 205" })).total).toBe(1);
    } finally {
      await db.delete(auditLog).where(eq(auditLog.actorId, last?.id ?? ""));
    }
  });

  it("finds entries without actor by the label shown in their place", async () => {
    const self = await list({ person: "titular" });
    expect(self.entries.map((found) => [found.actorName, found.actorEmail])).toEqual([
      ["O próprio titular da conta", null],
    ]);
    const removed = await list({ person: "Removido" });
    expect(removed.entries.map((found) => [found.actorName, found.targetName])).toEqual([
      ["Administrador removido", "Zé Ninguém"],
    ]);
  });

  it("filters by action", async () => {
    expect((await list({ action: "institution.approve" })).total).toBe(12);
    expect(await names({ action: "event.reject" })).toEqual(["Festa Junina"]);
    expect((await list({ action: "settings.update" })).total).toBe(0);
  });

  it("counts days in Brasília time, both ends included", async () => {
    expect(await names({ from: "2026-03-10", to: "2026-03-10" })).toEqual([
      "-Bazar; Beneficente",
      "Associação Número 10",
      FORMULA,
    ]);
    expect(await names({ to: "2026-03-01" })).toEqual(["Associação Número 1"]);
    expect((await list({ from: "2026-03-12" })).total).toBe(1);
  });

  it("combines the filters", async () => {
    expect(
      await names({
        person: "bruno",
        action: "event.approve",
        from: "2026-03-10",
        to: "2026-03-10",
      }),
    ).toEqual([FORMULA]);
    expect(
      (
        await list({
          person: "ana",
          action: "institution.approve",
          from: "2026-03-03",
          to: "2026-03-05",
        })
      ).total,
    ).toBe(3);
    expect((await list({ person: "bruno", action: "institution.approve" })).total).toBe(0);
  });

  it("reports a wrong period instead of listing", async () => {
    expect(await list({ from: "2026-03-10", to: "2026-03-09" })).toEqual({
      entries: [],
      total: 0,
      problem: "A data final não pode ser anterior à data inicial.",
    });
    expect((await list({ from: "31/02/2026" })).problem).toBe(
      "Data inicial inválida. Use o formato dd/mm/aaaa.",
    );
  });

  it("reads the whole trail in batches, each entry once, ties in the same microsecond too", async () => {
    const batched = [];
    for await (const batch of auditEntryBatches(NO_AUDIT_FILTERS, 2)) batched.push(...batch);
    const paged = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await list({}, page)).entries);
    expect(batched.map((found) => found.id)).toEqual(paged.map((found) => found.id));
    expect(new Set(batched.map((found) => found.id)).size).toBe(21);
    expect(batched.filter((found) => found.targetName.startsWith("Empate"))).toHaveLength(3);
  });
});

/** The export's bytes as text, BOM kept. */
async function csvText(set: Partial<AuditFilters>): Promise<string> {
  const bytes = await new Response(await auditCsvStream(filters(set))).arrayBuffer();
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

describe("the CSV export", () => {
  it("has every filtered entry, beyond the first page, and parses back", async () => {
    const text = await csvText({ person: "ana" });
    expect(text.startsWith("\uFEFFData/hora;Quem;Ação;Tipo;Registro;ID\r\n")).toBe(true);
    const rows = parse(text, { delimiter: ";", bom: true }) as string[][];
    expect(rows[0]).toEqual(AUDIT_CSV_HEADER);
    expect(rows).toHaveLength(1 + 15);
    expect(rows[1]).toEqual([
      "12/03/2026 12:00:00",
      "Ana Administradora (ana.admin@teste.org)",
      "Aprovou instituição",
      "Instituição",
      "Associação Número 12",
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
  });

  it("keeps accents, writes Brasília time and neutralises formulas", async () => {
    const rows = parse(await csvText({ person: "bruno" }), {
      delimiter: ";",
      bom: true,
    }) as string[][];
    expect(rows.slice(1).map((row) => [row[0], row[2], row[4]])).toEqual([
      ["10/03/2026 23:59:59", "Excluiu evento", "'-Bazar; Beneficente"],
      ["10/03/2026 00:00:00", "Aprovou evento", `'${FORMULA}`],
      ["09/03/2026 23:59:59", "Reprovou evento", "Festa Junina"],
    ]);
    const all = parse(await csvText({}), { delimiter: ";", bom: true }) as string[][];
    expect(all).toHaveLength(22);
    expect(all.map((row) => row[1])).toContain("O próprio titular da conta");
    expect(all.find((row) => row[4] === "Zé Ninguém")?.slice(1, 4)).toEqual([
      "Administrador removido",
      "Enviou redefinição de senha",
      "Conta",
    ]);
  });

  it("is the header alone when the filters find nothing", async () => {
    expect(await csvText({ action: "settings.update" })).toBe(
      "\uFEFFData/hora;Quem;Ação;Tipo;Registro;ID\r\n",
    );
  });
});
