import { asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { events } from "~/db/schema";

/** The admin events list shows PENDING and APPROVED events only (docs/spec.md 4). */
export async function listAdminEvents() {
  const rows = await db()
    .select({
      id: events.id,
      name: events.name,
      resume: events.resume,
      eventDate: events.eventDate,
      coverImageId: events.coverImageId,
      status: events.status,
    })
    .from(events)
    .where(inArray(events.status, ["PENDING", "APPROVED"]))
    .orderBy(asc(events.eventDate), asc(events.name));
  return {
    pending: rows.filter((row) => row.status === "PENDING"),
    active: rows.filter((row) => row.status === "APPROVED"),
  };
}

export type AdminEventCard = Awaited<ReturnType<typeof listAdminEvents>>["pending"][number];

export async function getEventDetails(id: string) {
  const [row] = await db()
    .select({
      id: events.id,
      name: events.name,
      eventDate: events.eventDate,
      resume: events.resume,
      about: events.about,
      status: events.status,
      street: events.street,
      number: events.number,
      neighborhood: events.neighborhood,
      complement: events.complement,
      city: events.city,
      state: events.state,
    })
    .from(events)
    .where(eq(events.id, id));
  return row ?? null;
}

export type EventDetails = NonNullable<Awaited<ReturnType<typeof getEventDetails>>>;
