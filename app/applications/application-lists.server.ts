import { type AnyColumn, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatDayInBrazil } from "~/applications/application-dates";
import type { VolunteerRequestStatus } from "~/config/constants";
import { db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { institutions, users, volunteerRequests } from "~/db/schema";
import { personNameSql } from "~/teams/team-members.server";

const decider = alias(users, "decider");

/** How many applications a home page lists (newest first); older ones stay in the data export. */
const LIST_LIMIT = 100;

interface ListedApplication {
  id: string;
  /** dd/MM/yyyy in Brasília time. */
  date: string;
  status: VolunteerRequestStatus;
}

export interface SentApplication extends ListedApplication {
  institutionId: string;
  institutionName: string;
}

export interface ReceivedApplication extends ListedApplication {
  volunteerName: string;
  /** Who on the team answered it and when ("Ana Souza", "12/03/2026"; issue 41), once answered. */
  decided: { by: string | null; on: string } | null;
  /** Null once the institution declined: it no longer needs to reach the person (ADR 0072). */
  replyEmail: string | null;
  /** Digits with the country code, e.g. 5511987654321; null once declined. */
  phone: string | null;
  message: string;
}

/** A declined application's contact never leaves the database (ADR 0072). */
const unlessDeclined = (column: AnyColumn) =>
  sql<string | null>`case when ${volunteerRequests.status} <> 'DECLINED' then ${column} end`;

function listed<T extends { createdAt: Date; status: string }>({ createdAt, status, ...row }: T) {
  return {
    ...row,
    date: formatDayInBrazil(createdAt),
    status: status as VolunteerRequestStatus,
  };
}

// On every visit to the volunteer home (ADR 0054).
const sentApplications = preparedQuery("sent_applications", () =>
  db()
    .select({
      id: volunteerRequests.id,
      institutionId: volunteerRequests.institutionId,
      institutionName: institutions.name,
      createdAt: volunteerRequests.createdAt,
      status: volunteerRequests.status,
    })
    .from(volunteerRequests)
    .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
    .where(eq(volunteerRequests.volunteerId, sql.placeholder("userId")))
    .orderBy(desc(volunteerRequests.createdAt))
    .limit(LIST_LIMIT),
);

/** "Minhas candidaturas": what the signed-in person sent (their id in the WHERE). */
export async function listSentApplications(userId: string): Promise<SentApplication[]> {
  const rows = await sentApplications().execute({ userId });
  return rows.map(listed);
}

/** "Candidaturas recebidas": applications to this institution only, pending ones first. */
export async function listReceivedApplications(
  institutionId: string,
): Promise<ReceivedApplication[]> {
  const rows = await db()
    .select({
      id: volunteerRequests.id,
      volunteerName: users.name,
      replyEmail: unlessDeclined(volunteerRequests.replyEmail),
      phone: unlessDeclined(volunteerRequests.phone),
      message: volunteerRequests.summary,
      createdAt: volunteerRequests.createdAt,
      status: volunteerRequests.status,
      decidedAt: volunteerRequests.decidedAt,
      decidedBy: personNameSql(
        volunteerRequests.decidedBy,
        volunteerRequests.institutionId,
        decider.name,
      ),
    })
    .from(volunteerRequests)
    .innerJoin(users, eq(users.id, volunteerRequests.volunteerId))
    .innerJoin(institutions, eq(institutions.userId, volunteerRequests.institutionId))
    .leftJoin(decider, eq(decider.id, volunteerRequests.decidedBy))
    .where(eq(volunteerRequests.institutionId, institutionId))
    .orderBy(desc(volunteerRequests.createdAt))
    .limit(LIST_LIMIT);
  const list = rows.map(({ decidedAt, decidedBy, ...row }) => ({
    ...listed(row),
    decided: decidedAt ? { by: decidedBy, on: formatDayInBrazil(decidedAt) } : null,
  }));
  // Waiting ones need an answer: they come first, each group still newest first.
  return [
    ...list.filter((item) => item.status === "PENDING"),
    ...list.filter((item) => item.status !== "PENDING"),
  ];
}
