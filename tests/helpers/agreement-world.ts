import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  agreements,
  emailOutbox,
  events,
  participations,
  users,
  volunteerRequests,
  volunteers,
} from "~/db/schema";

/**
 * Rows for the termo de adesão tests (issue 16): volunteers with or without a birth date and
 * guardian, an application to answer and an event to join, written straight into the tables.
 */

let people = 0;

export async function insertVolunteer(
  db: Database,
  input: {
    name?: string;
    birthDate?: string | null;
    guardian?: { name: string; email: string } | null;
  } = {},
): Promise<{ id: string; email: string; name: string }> {
  people += 1;
  const name = input.name ?? `Pessoa ${people}`;
  const email = `pessoa${people}-${Date.now()}@teste.org.br`;
  const [user] = await db
    .insert(users)
    .values({ email, name, profile: "VOLUNTEER" })
    .returning({ id: users.id });
  const id = user?.id ?? "";
  await db.insert(volunteers).values({
    userId: id,
    summary: "Gosto de ajudar.",
    state: "PE",
    city: "Recife",
    birthDate: input.birthDate ?? null,
    guardianName: input.guardian?.name ?? null,
    guardianEmail: input.guardian?.email ?? null,
  });
  return { id, email, name };
}

export async function insertApplication(
  db: Database,
  volunteer: { id: string; email: string },
  institutionId: string,
): Promise<string> {
  const [row] = await db
    .insert(volunteerRequests)
    .values({
      volunteerId: volunteer.id,
      institutionId,
      replyEmail: volunteer.email,
      phone: "81988887777",
      summary: "Quero ajudar aos sábados.",
    })
    .returning({ id: volunteerRequests.id });
  return row?.id ?? "";
}

export async function insertEvent(
  db: Database,
  institutionId: string,
  input: { name?: string; date?: string; places?: number | null } = {},
): Promise<string> {
  const [row] = await db
    .insert(events)
    .values({
      institutionId,
      name: input.name ?? "Mutirão de leitura",
      eventDate: input.date ?? "2026-12-12",
      startTime: "09:00",
      endTime: "13:00",
      resume: "Leitura para crianças.",
      about: "Uma manhã de leitura.",
      street: "Rua da Aurora",
      number: "120",
      neighborhood: "Boa Vista",
      city: "Recife",
      state: "PE",
      status: "APPROVED",
      places: input.places ?? null,
    })
    .returning({ id: events.id });
  return row?.id ?? "";
}

/** The queued e-mails to one address, of one kind. */
export function outboxTo(db: Database, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
}

/** The link an e-mail carries to a path of ours ("/responsavel/...", "/app/termos/..."). */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in the e-mail`);
  return match[0];
}

/**
 * The termo of a relationship, written straight into the table (for hours and certificates
 * tests, which need one since ADR 0070): the person's place in an event (made CONFIRMED if
 * missing) or an application. `state` ACCEPTED by default; PENDING leaves it unaccepted,
 * AWAITING_GUARDIAN accepted by a minor whose guardian has not consented. An existing termo of the
 * same relationship is left as it is. Returns the termo's id (empty when one existed).
 */
export async function insertTermo(
  db: Database,
  source:
    | { volunteerId: string; institutionId: string; eventId: string }
    | { volunteerId: string; institutionId: string; requestId: string },
  state: "ACCEPTED" | "PENDING" | "AWAITING_GUARDIAN" = "ACCEPTED",
): Promise<string> {
  let participationId: string | null = null;
  if ("eventId" in source) {
    await db
      .insert(participations)
      .values({ eventId: source.eventId, userId: source.volunteerId, status: "CONFIRMED" })
      .onConflictDoNothing();
    const [place] = await db
      .select({ id: participations.id })
      .from(participations)
      .where(
        and(
          eq(participations.eventId, source.eventId),
          eq(participations.userId, source.volunteerId),
        ),
      );
    participationId = place?.id ?? null;
  }
  const accepted = state === "PENDING" ? null : new Date("2026-01-02T12:00:00Z");
  const [row] = await db
    .insert(agreements)
    .values({
      volunteerId: source.volunteerId,
      institutionId: source.institutionId,
      kind: participationId ? "EVENT" : "APPLICATION",
      participationId,
      requestId: "requestId" in source ? source.requestId : null,
      activity: "Atividade de teste",
      templateVersion: "test",
      body: "Termo de teste.",
      bodySha256: "0".repeat(64),
      guardianRequired: state === "AWAITING_GUARDIAN",
      acceptedAt: accepted,
      acceptedIp: accepted ? "127.0.0.1" : null,
    })
    .onConflictDoNothing()
    .returning({ id: agreements.id });
  return row?.id ?? "";
}

/**
 * An accepted termo for every confirmed place and every accepted application of these
 * accounts that has none (the e2e worlds, whose places and applications are written straight
 * into the tables).
 */
export async function acceptEveryTermo(
  db: Database,
  accounts: Record<string, { id: string }>,
): Promise<void> {
  const ids = Object.values(accounts).map((account) => account.id);
  const places = await db
    .select({
      userId: participations.userId,
      eventId: participations.eventId,
      institutionId: events.institutionId,
    })
    .from(participations)
    .innerJoin(events, eq(events.id, participations.eventId))
    .where(and(inArray(participations.userId, ids), eq(participations.status, "CONFIRMED")));
  for (const place of places) {
    await insertTermo(db, {
      volunteerId: place.userId,
      institutionId: place.institutionId,
      eventId: place.eventId,
    });
  }
  const requests = await db
    .select({
      id: volunteerRequests.id,
      volunteerId: volunteerRequests.volunteerId,
      institutionId: volunteerRequests.institutionId,
    })
    .from(volunteerRequests)
    .where(
      and(inArray(volunteerRequests.volunteerId, ids), eq(volunteerRequests.status, "ACCEPTED")),
    );
  for (const request of requests) {
    await insertTermo(db, {
      volunteerId: request.volunteerId,
      institutionId: request.institutionId,
      requestId: request.id,
    });
  }
}
