import type { Database } from "~/db/client.server";
import { institutionMembers, institutions, users } from "~/db/schema";
import { ownAccountMembership } from "~/db/team-rows";
import { type TestDatabase, testDatabase } from "./database";

/**
 * Rows for the admin's domain tests on a real database (tests/integration/admin-*.test.ts and
 * institution-self-service): a fresh database with the administrator who decides, and
 * institutions written straight into the tables (no credential, no pictures), as the admin's
 * lists and decisions read them.
 */

export interface AdminDatabase {
  database: TestDatabase;
  db: Database;
  adminId: string;
}

/** A fresh, migrated test database holding one administrator. Dispose of `database` in afterAll. */
export async function databaseWithAdmin(
  admin: { email: string; name: string } = { email: "admin@teste.org", name: "Admin" },
): Promise<AdminDatabase> {
  const database = await testDatabase();
  const [row] = await database.db
    .insert(users)
    .values({ ...admin, role: "ADMIN", profile: "ADMIN" })
    .returning({ id: users.id });
  return { database, db: database.db, adminId: row?.id ?? "" };
}

export interface InstitutionRow {
  name: string;
  /** The account's e-mail, also the contact e-mail the review e-mails go to. */
  email: string;
  status?: "PENDING" | "APPROVED" | "REJECTED";
  /** The account's name; the institution's own by default. */
  userName?: string;
  /** 14 digits; a random one by default. */
  cnpj?: string;
  city?: string;
}

/** An institution's user and record (in SP); returns its id (the user's). */
export async function insertInstitution(
  db: Database,
  institution: InstitutionRow,
): Promise<string> {
  const { name, email, status = "PENDING" } = institution;
  const [user] = await db
    .insert(users)
    .values({ email, name: institution.userName ?? name, profile: "INSTITUTION" })
    .returning({ id: users.id });
  const id = user?.id ?? "";
  await db.insert(institutions).values({
    userId: id,
    name,
    cnpj: institution.cnpj ?? String(Math.floor(Math.random() * 1e14)).padStart(14, "0"),
    responsible: "Responsável",
    contactEmail: email,
    summary: "Resumo da instituição.",
    about: "Sobre a instituição.",
    street: "Rua A",
    number: "1",
    neighborhood: "Centro",
    city: institution.city ?? "São Paulo",
    state: "SP",
    status,
  });
  await db.insert(institutionMembers).values(ownAccountMembership(id));
  return id;
}

/** An event row of an institution (in São Paulo), to insert as it is or with changes. */
export function eventRow(
  institutionId: string,
  { name, eventDate = "2030-01-01", status }: { name: string; eventDate?: unknown; status: string },
) {
  return {
    institutionId,
    name,
    eventDate: eventDate as string,
    resume: "Resumo",
    about: "Sobre o evento",
    street: "Rua",
    number: "1",
    neighborhood: "Centro",
    city: "São Paulo",
    state: "SP",
    status,
  };
}
