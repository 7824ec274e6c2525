import { type AnyColumn, and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { db } from "~/db/client.server";
import { institutions, users, volunteers } from "~/db/schema";
import { searchTextMatches } from "~/lists/search-match.server";

/**
 * The admin's people lists and records (docs/spec.md 7 "Service-layer operations (admin)"). Search is
 * accent- and case-insensitive over name and e-mail, served by the trigram index on search_text.
 */

export interface PersonRow {
  id: string;
  name: string;
  email: string;
}

export interface PersonPage {
  rows: PersonRow[];
  total: number;
}

function matches(searchText: AnyColumn, term: string): SQL | undefined {
  const trimmed = term.trim();
  if (!trimmed) return undefined;
  return searchTextMatches(searchText, trimmed);
}

export async function listVolunteers(input: { page: number; search: string }): Promise<PersonPage> {
  const where = and(eq(users.profile, "VOLUNTEER"), matches(users.searchText, input.search));
  const [rows, total] = await Promise.all([
    db()
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE),
    db().select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/** "Pendentes" lists PENDING; "Todos" lists PENDING and APPROVED (docs/spec.md 4). */
export async function listInstitutions(input: {
  page: number;
  search: string;
  pendingOnly: boolean;
}): Promise<PersonPage> {
  const status = input.pendingOnly
    ? eq(institutions.status, "PENDING")
    : sql`${institutions.status} in ('PENDING', 'APPROVED')`;
  const where = and(status, matches(users.searchText, input.search));
  const [rows, total] = await Promise.all([
    db()
      .select({ id: institutions.userId, name: institutions.name, email: users.email })
      .from(institutions)
      .innerJoin(users, eq(users.id, institutions.userId))
      .where(where)
      .orderBy(asc(institutions.name), asc(institutions.userId))
      .limit(ADMIN_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_PAGE_SIZE),
    db()
      .select({ n: count() })
      .from(institutions)
      .innerJoin(users, eq(users.id, institutions.userId))
      .where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

export async function getVolunteerDetails(id: string) {
  const [row] = await db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      state: volunteers.state,
      city: volunteers.city,
    })
    .from(users)
    .innerJoin(volunteers, eq(volunteers.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}

export async function getInstitutionDetails(id: string) {
  const [row] = await db()
    .select({
      id: institutions.userId,
      name: institutions.name,
      email: users.email,
      cnpj: institutions.cnpj,
      phone: users.phone,
      responsible: institutions.responsible,
      summary: institutions.summary,
      about: institutions.about,
      volunteeringType: institutions.volunteeringType,
      contactEmail: institutions.contactEmail,
      permitDivulgation: institutions.permitDivulgation,
      status: institutions.status,
      street: institutions.street,
      number: institutions.number,
      neighborhood: institutions.neighborhood,
      complement: institutions.complement,
      city: institutions.city,
      state: institutions.state,
    })
    .from(institutions)
    .innerJoin(users, eq(users.id, institutions.userId))
    .where(eq(institutions.userId, id));
  return row ?? null;
}

export type InstitutionDetails = NonNullable<Awaited<ReturnType<typeof getInstitutionDetails>>>;
export type VolunteerDetails = NonNullable<Awaited<ReturnType<typeof getVolunteerDetails>>>;
