import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  agreements,
  certificateHolders,
  certificates,
  events,
  institutions,
  signupDrafts,
  users,
  volunteerHours,
  volunteerRequests,
  volunteers,
} from "~/db/schema";
import { asOneLine, asPlainText } from "~/lib/plain-text";
import { databaseWithAdmin, eventRow, insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";
import { PROJECT_ROOT } from "../helpers/server";

/**
 * Issue 39, deliverable 1: migration 0020 cleans the member text stored before the text rule
 * (ADR 0066), on PGlite and on PostgreSQL. Hostile rows are written straight into a migrated
 * database (as older code let them in), then the migration's statements run on them, as the
 * migrator runs them: single-line columns become one clean line, multi-line columns keep LF line
 * breaks only, both NFC, and what the app's own cleaning (lib/plain-text.ts) gives is what the
 * SQL gives. Accepted termos and issued certificates keep their exact words.
 */

const MIGRATION = path.join(PROJECT_ROOT, "app/db/migrations/0020_clean_member_text.sql");

/** Every class the rule refuses (but NUL, which PostgreSQL never stores), decomposed accents too. */
const HOSTILE_LINE =
  "Ana\r\n\r\n10. PAGAMENTO\u0007\u000c\u202eazuoS\u2066x\u2069\u200f\u061c\u200e\u0085\u009b\u007f\u2028fim\tJose\u0301";
const HOSTILE_TEXT =
  "Sobre nós\r\n\r\nLinha dois\rtrês\u2029quatro\u0007\u202e\u000b\u0001fim\tcom tab Conceic\u0327a\u0303o";
const TERMO_BODY = "Termo\r\n\r\n1. Cláusula com Ana\n\n10. PAGAMENTO\u202e";

let database: TestDatabase;
let db: Database;
const ids: Record<string, string> = {};

async function runMigration(): Promise<void> {
  const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
  for (const statement of statements) await db.execute(sql.raw(statement));
}

beforeAll(async () => {
  ({ database, db } = await databaseWithAdmin());
  const [volunteer] = await db
    .insert(users)
    .values({ email: "vol@teste.org", name: HOSTILE_LINE, profile: "VOLUNTEER" })
    .returning({ id: users.id });
  ids.volunteer = volunteer?.id ?? "";
  await db.insert(volunteers).values({
    userId: ids.volunteer,
    summary: HOSTILE_TEXT,
    state: "SP",
    city: "São Paulo",
    guardianName: HOSTILE_LINE,
    guardianConsentName: HOSTILE_LINE,
  });
  ids.institution = await insertInstitution(db, { name: "Casa", email: "casa@teste.org" });
  await db
    .update(institutions)
    .set({
      name: "Casa\n\nda\u202eRua",
      proposedName: HOSTILE_LINE.slice(0, 40),
      responsible: HOSTILE_LINE,
      street: "Rua A\r\n\r\n10. PAGAMENTO",
      number: "1\u0007",
      neighborhood: "Centro\u000c",
      complement: "Sala\t2",
      summary: "Resumo\r\ncurto\u0007",
      about: HOSTILE_TEXT,
      reviewReason: "Motivo\r\ncom\u202econtrole",
    })
    .where(eq(institutions.userId, ids.institution));
  const [event] = await db
    .insert(events)
    .values({
      ...eventRow(ids.institution, { name: "Mutirão\n\u202eX", status: "APPROVED" }),
      street: "Rua B\n\n10. PAGAMENTO",
      complement: "\u2066fundos\u2069",
      onlineLink: "https://exemplo.org/\u0007sala",
      resume: "Resumo\r\ndo evento",
      about: HOSTILE_TEXT,
    })
    .returning({ id: events.id });
  ids.event = event?.id ?? "";
  const [request] = await db
    .insert(volunteerRequests)
    .values({
      volunteerId: ids.volunteer,
      institutionId: ids.institution,
      replyEmail: "vol@teste.org",
      phone: "5511987654321",
      summary: HOSTILE_TEXT,
      status: "ACCEPTED",
    })
    .returning({ id: volunteerRequests.id });
  ids.request = request?.id ?? "";
  await db.insert(volunteerHours).values({
    volunteerId: ids.volunteer,
    institutionId: ids.institution,
    kind: "ONGOING",
    requestId: ids.request,
    workedOn: "2026-01-01",
    minutes: 60,
    description: HOSTILE_TEXT,
    status: "DECLINED",
    loggedBy: "VOLUNTEER",
    declineReason: "Não\r\nconfere\u0007",
  });
  await db.insert(agreements).values({
    volunteerId: ids.volunteer,
    institutionId: ids.institution,
    kind: "APPLICATION",
    requestId: ids.request,
    activity: HOSTILE_LINE,
    templateVersion: "1",
    body: TERMO_BODY,
    bodySha256: "a".repeat(64),
    guardianName: HOSTILE_LINE,
    acceptedAt: new Date(),
  });
  const [certificate] = await db
    .insert(certificates)
    .values({
      code: "ABCDEFGH2345",
      volunteerId: ids.volunteer,
      institutionId: ids.institution,
      scope: "ONGOING",
      requestKey: "k",
      institutionName: "Casa\n\nda Rua",
      institutionCnpj: "11222333000181",
      issuedPlace: "São Paulo/SP",
      activity: HOSTILE_LINE,
      periodFrom: "2026-01-01",
      periodTo: "2026-01-31",
      totalMinutes: 60,
      hours: [],
      issuedAt: new Date(),
      issuedByRole: "VOLUNTEER",
      revokedAt: new Date(),
      revokeReason: "Erro\r\nde\u202edigitação",
    })
    .returning({ id: certificates.id });
  ids.certificate = certificate?.id ?? "";
  await db.insert(certificateHolders).values({
    certificateId: ids.certificate,
    volunteerId: ids.volunteer,
    name: HOSTILE_LINE,
  });
  await db.insert(signupDrafts).values({
    id: "draft",
    data: { name: HOSTILE_LINE, resume: HOSTILE_TEXT, causes: "saude,educacao" },
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await runMigration();
});

afterAll(async () => {
  await database?.dispose();
});

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error("no row");
  return row;
};

describe(`migration 0020 cleans member text (${process.env.TEST_DATABASE_KIND ?? "pglite"})`, () => {
  it("cleans as the app does: one clean line, or LF line breaks only, NFC", () => {
    expect(asOneLine(HOSTILE_LINE)).toBe("Ana 10. PAGAMENTO azuoSx fim José");
    expect(asPlainText(HOSTILE_TEXT)).toBe(
      "Sobre nós\n\nLinha dois\ntrês\nquatrofim com tab Conceição",
    );
  });

  it("single-line columns: no line break, control or bidi character left", async () => {
    const user = one(
      await db
        .select()
        .from(users)
        .where(eq(users.id, ids.volunteer ?? "")),
    );
    expect(user.name).toBe(asOneLine(HOSTILE_LINE));
    const volunteer = one(
      await db
        .select()
        .from(volunteers)
        .where(eq(volunteers.userId, ids.volunteer ?? "")),
    );
    expect(volunteer).toMatchObject({
      guardianName: asOneLine(HOSTILE_LINE),
      guardianConsentName: asOneLine(HOSTILE_LINE),
      summary: asPlainText(HOSTILE_TEXT),
    });
    const institution = one(
      await db
        .select()
        .from(institutions)
        .where(eq(institutions.userId, ids.institution ?? "")),
    );
    expect(institution).toMatchObject({
      name: "Casa daRua",
      proposedName: asOneLine(HOSTILE_LINE.slice(0, 40)),
      responsible: asOneLine(HOSTILE_LINE),
      street: "Rua A 10. PAGAMENTO",
      number: "1",
      neighborhood: "Centro",
      complement: "Sala 2",
      summary: "Resumo\ncurto",
      about: asPlainText(HOSTILE_TEXT),
      reviewReason: "Motivo\ncomcontrole",
    });
    const event = one(
      await db
        .select()
        .from(events)
        .where(eq(events.id, ids.event ?? "")),
    );
    expect(event).toMatchObject({
      name: "Mutirão X",
      street: "Rua B 10. PAGAMENTO",
      complement: "fundos",
      onlineLink: "https://exemplo.org/sala",
      resume: "Resumo\ndo evento",
      about: asPlainText(HOSTILE_TEXT),
    });
  });

  it("multi-line columns of applications, hours and revocations; the draft's fields by kind", async () => {
    const request = one(
      await db
        .select()
        .from(volunteerRequests)
        .where(eq(volunteerRequests.id, ids.request ?? "")),
    );
    expect(request.summary).toBe(asPlainText(HOSTILE_TEXT));
    const hours = one(await db.select().from(volunteerHours));
    expect(hours).toMatchObject({
      description: asPlainText(HOSTILE_TEXT),
      declineReason: "Não\nconfere",
    });
    const certificate = one(await db.select().from(certificates));
    expect(certificate.revokeReason).toBe("Erro\ndedigitação");
    const draft = one(await db.select().from(signupDrafts));
    expect(draft.data).toEqual({
      name: asOneLine(HOSTILE_LINE),
      resume: asPlainText(HOSTILE_TEXT),
      causes: "saude,educacao",
    });
  });

  it("never touches an accepted termo or an issued certificate's words", async () => {
    const termo = one(await db.select().from(agreements));
    expect(termo).toMatchObject({
      body: TERMO_BODY,
      bodySha256: "a".repeat(64),
      activity: HOSTILE_LINE,
      guardianName: HOSTILE_LINE,
    });
    const certificate = one(await db.select().from(certificates));
    expect(certificate).toMatchObject({
      activity: HOSTILE_LINE,
      institutionName: "Casa\n\nda Rua",
    });
    const holder = one(await db.select().from(certificateHolders));
    expect(holder.name).toBe(HOSTILE_LINE);
  });

  it("drops its helper functions and leaves clean rows as they were", async () => {
    const functions = await db.execute<{ name: string }>(
      sql`select proname as name from pg_proc where proname like 'text_rule_%'`,
    );
    expect(functions.rows).toEqual([]);
    const admin = one(await db.select().from(users).where(eq(users.profile, "ADMIN")));
    expect(admin.name).toBe("Admin");
  });
});
