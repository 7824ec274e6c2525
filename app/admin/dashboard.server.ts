import { count, eq, ne } from "drizzle-orm";
import { db } from "~/db/client.server";
import { events, institutions, users, volunteerRequests } from "~/db/schema";

/** docs/spec.md 3 "Dashboard counts". Deleted events no longer count. */
export interface DashboardCounts {
  totalVolunteers: number;
  totalInstitutions: number;
  totalVolunteerRequests: number;
  totalEvents: number;
}

export async function getDashboardCounts(): Promise<DashboardCounts> {
  const [volunteers, institutionRows, requests, eventRows] = await Promise.all([
    db().select({ n: count() }).from(users).where(eq(users.profile, "VOLUNTEER")),
    db().select({ n: count() }).from(institutions),
    db().select({ n: count() }).from(volunteerRequests),
    db().select({ n: count() }).from(events).where(ne(events.status, "DELETED")),
  ]);
  return {
    totalVolunteers: volunteers[0]?.n ?? 0,
    totalInstitutions: institutionRows[0]?.n ?? 0,
    totalVolunteerRequests: requests[0]?.n ?? 0,
    totalEvents: eventRows[0]?.n ?? 0,
  };
}
