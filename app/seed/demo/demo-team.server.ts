import { randomBytes } from "node:crypto";
import { and, asc, eq, gte } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { eventCoordinators, events, institutionInvitations, institutionMembers } from "~/db/schema";
import { todayInBrazil } from "~/events/event-dates";
import { tokenDigest } from "~/lib/token-digest";
import { INVITATION_DAYS } from "~/teams/team-roles";
import type { DemoPlan } from "./plan-types.server";

const DAY = 86_400_000;

/**
 * The example institution's team (issue 41), so a visitor meets it: the example volunteer is
 * also one of its coordinators (their header switches between the two areas), the second
 * volunteer coordinates only its next event, and one invitation waits for an answer.
 */
export async function writeDemoTeam(tx: Transaction, plan: DemoPlan, now: Date): Promise<void> {
  const example = plan.institutions.find((institution) => institution.status === "APPROVED");
  const [coordinator, limited] = plan.volunteers;
  if (!example || !coordinator || !limited) return;
  await tx.insert(institutionMembers).values([
    {
      institutionId: example.userId,
      userId: coordinator.userId,
      role: "COORDENADOR",
      invitedBy: example.userId,
      joinedAt: new Date(now.getTime() - 40 * DAY),
    },
    {
      institutionId: example.userId,
      userId: limited.userId,
      role: "COORDENADOR",
      limited: true,
      invitedBy: coordinator.userId,
      joinedAt: new Date(now.getTime() - 12 * DAY),
    },
  ]);
  const [next] = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        eq(events.institutionId, example.userId),
        eq(events.status, "APPROVED"),
        gte(events.eventDate, todayInBrazil(now)),
      ),
    )
    .orderBy(asc(events.eventDate), asc(events.name))
    .limit(1);
  if (next) {
    await tx.insert(eventCoordinators).values({
      eventId: next.id,
      userId: limited.userId,
      assignedBy: coordinator.userId,
      assignedAt: new Date(now.getTime() - 12 * DAY),
    });
  }
  const sent = new Date(now.getTime() - 2 * DAY);
  await tx.insert(institutionInvitations).values({
    institutionId: example.userId,
    email: `nova.coordenacao@${example.email.split("@")[1] ?? "exemplo.org.br"}`,
    role: "COORDENADOR",
    // Nobody holds this link: the demo shows an invitation waiting, not one to accept.
    tokenHash: tokenDigest(randomBytes(32).toString("base64url")),
    invitedBy: example.userId,
    createdAt: sent,
    expiresAt: new Date(sent.getTime() + INVITATION_DAYS * DAY),
  });
}
