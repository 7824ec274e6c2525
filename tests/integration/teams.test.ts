import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDayInBrazil } from "~/applications/application-dates";
import { decideApplication } from "~/applications/application-decisions.server";
import { listReceivedApplications } from "~/applications/application-lists.server";
import type { Database } from "~/db/client.server";
import {
  auditLog,
  emailOutbox,
  events,
  institutionInvitations,
  institutionMembers,
  volunteerRequests,
} from "~/db/schema";
import { listInstitutionEvents } from "~/events/institution-events.server";
import { isAppError } from "~/lib/app-error";
import { canRunEvent, setEventAssignment } from "~/teams/event-access.server";
import {
  acceptInvitation,
  cancelInvitation,
  inviteToTeam,
  viewInvitation,
} from "~/teams/team-invitations.server";
import {
  changeMemberRole,
  findActingMember,
  listTeam,
  removeMember,
} from "~/teams/team-members.server";
import { type ActingMember, TEAM_MESSAGES } from "~/teams/team-roles";
import { insertInstitution } from "../helpers/admin-fixtures";
import type { TestDatabase } from "../helpers/database";
import { participationTestbed, participationWorld } from "../helpers/participation-world";

/**
 * Institutions as teams (issue 41) on a real database: the institution's own account is its
 * responsável; invitations are single-use, expire, and open only for the address they were sent
 * to; roles change without ever leaving the team without a responsável (even when two
 * responsáveis act at once); a removed member's next request finds no membership; a coordinator
 * limited to some events runs only those; every change names the person in the audit.
 */

let database: TestDatabase;
let db: Database;
let institutionId: string;
let world: ReturnType<typeof participationWorld>;

const NOW = new Date("2026-12-01T12:00:00Z");
const DAY = 86_400_000;

async function owner(): Promise<ActingMember> {
  const member = await findActingMember(institutionId, null);
  if (!member) throw new Error("the institution's own account is not on its team");
  return member;
}

/** The token of the last invitation e-mailed to `email`, read from the queued message. */
async function invitationToken(email: string): Promise<string> {
  const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const text = mails.at(-1)?.text ?? "";
  const token = /\/convite\/([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in the e-mail to ${email}`);
  return token;
}

/** Invites a new volunteer and has them accept; returns them as they then act. */
async function joined(role: "RESPONSAVEL" | "COORDENADOR", limited = false) {
  const person = await world.volunteer();
  await inviteToTeam(await owner(), { email: person.email, role, limited }, NOW);
  await acceptInvitation(await invitationToken(person.email), { ...person, role: "USER" }, NOW);
  const member = await findActingMember(person.id, institutionId);
  if (!member) throw new Error("the invitee did not join");
  return { person, member };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error.message;
    throw error;
  }
  throw new Error("it was not refused");
}

beforeAll(async () => {
  ({ database, db, institutionId, world } = await participationTestbed({
    name: "Casa do Caminho",
    email: "casa@teste.org.br",
  }));
});

afterAll(async () => {
  await database?.dispose();
});

describe("the team of an institution", () => {
  it("starts with the institution's own account as its responsável, named by its responsible person", async () => {
    const member = await owner();
    expect(member).toMatchObject({
      institutionId,
      userId: institutionId,
      role: "RESPONSAVEL",
      limited: false,
      institutionName: "Casa do Caminho",
      personName: "Responsável",
    });
    const team = await listTeam(institutionId);
    expect(team.map((row) => [row.userId, row.role, row.ownAccount])).toEqual([
      [institutionId, "RESPONSAVEL", true],
    ]);
  });

  it("an invitation is e-mailed with a link that works once, for its own address only", async () => {
    const invitee = await world.volunteer("Ana Souza");
    const stranger = await world.volunteer("Bruno Lima");
    await inviteToTeam(
      await owner(),
      { email: invitee.email, role: "COORDENADOR", limited: false },
      NOW,
    );
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, invitee.email));
    expect(mail?.subject).toBe("Responsável convidou você para a equipe de Casa do Caminho");
    const token = await invitationToken(invitee.email);
    // Only a digest is kept.
    const [stored] = await db
      .select({ hash: institutionInvitations.tokenHash })
      .from(institutionInvitations)
      .where(eq(institutionInvitations.email, invitee.email));
    expect(stored?.hash).not.toContain(token);

    const other = await refusal(acceptInvitation(token, { ...stranger, role: "USER" }, NOW));
    expect(other).toMatch(
      /^Este convite foi enviado para pa\*\*\*@teste\.org\.br\. Entre com a conta/,
    );
    const admin = await refusal(acceptInvitation(token, { ...invitee, role: "ADMIN" }, NOW));
    expect(admin).toBe(TEAM_MESSAGES.invitationAdmin);
    expect(await findActingMember(stranger.id, institutionId)).toBeNull();

    // Two tabs accepting at once: one joins, the other is told it was used.
    const outcomes = await Promise.allSettled([
      acceptInvitation(token, { ...invitee, role: "USER" }, NOW),
      acceptInvitation(token, { ...invitee, role: "USER" }, NOW),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await refusal(acceptInvitation(token, { ...invitee, role: "USER" }, NOW))).toBe(
      TEAM_MESSAGES.invitationUsed,
    );
    const member = await findActingMember(invitee.id, institutionId);
    expect(member).toMatchObject({ role: "COORDENADOR", personName: "Ana Souza" });
    const team = await listTeam(institutionId);
    expect(team.find((row) => row.userId === invitee.id)?.invitedByName).toBe("Responsável");
    const [joinedEntry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "team.join"), eq(auditLog.actorId, invitee.id)));
    expect(joinedEntry?.targetId).toBe(institutionId);
  });

  it("an expired, cancelled or replaced link says why and changes nothing", async () => {
    const late = await world.volunteer();
    await inviteToTeam(
      await owner(),
      { email: late.email, role: "COORDENADOR", limited: false },
      NOW,
    );
    const expiredToken = await invitationToken(late.email);
    const afterAWeek = new Date(NOW.getTime() + 8 * DAY);
    expect((await viewInvitation(expiredToken, afterAWeek)).state).toBe("expired");
    expect(
      await refusal(acceptInvitation(expiredToken, { ...late, role: "USER" }, afterAWeek)),
    ).toBe(TEAM_MESSAGES.invitationExpired);

    // Invited again: the old link is replaced, the new one works until cancelled.
    await inviteToTeam(
      await owner(),
      { email: late.email, role: "COORDENADOR", limited: false },
      NOW,
    );
    const newToken = await invitationToken(late.email);
    expect(newToken).not.toBe(expiredToken);
    expect((await viewInvitation(expiredToken, NOW)).state).toBe("cancelled");
    const [open] = await db
      .select({ id: institutionInvitations.id })
      .from(institutionInvitations)
      .where(eq(institutionInvitations.email, late.email))
      .orderBy(institutionInvitations.createdAt);
    const pending = await db
      .select({ id: institutionInvitations.id, cancelled: institutionInvitations.cancelledAt })
      .from(institutionInvitations)
      .where(eq(institutionInvitations.email, late.email));
    const live = pending.find((row) => row.cancelled === null);
    expect(open).toBeDefined();
    await cancelInvitation(await owner(), live?.id ?? "", NOW);
    expect(await refusal(acceptInvitation(newToken, { ...late, role: "USER" }, NOW))).toBe(
      TEAM_MESSAGES.invitationCancelled,
    );
    expect(await findActingMember(late.id, institutionId)).toBeNull();
    expect(await refusal(acceptInvitation("nada", { ...late, role: "USER" }, NOW))).toBe(
      TEAM_MESSAGES.invitationUnknown,
    );
  });

  it("someone already on the team is not invited again", async () => {
    const { person } = await joined("COORDENADOR");
    expect(
      await refusal(
        inviteToTeam(
          await owner(),
          { email: person.email.toUpperCase().toLowerCase(), role: "COORDENADOR", limited: false },
          NOW,
        ),
      ),
    ).toBe(TEAM_MESSAGES.alreadyMember);
  });

  it("only a responsável invites, changes roles and removes; the last one cannot go", async () => {
    const { member: coordinator } = await joined("COORDENADOR");
    expect(
      await refusal(
        inviteToTeam(coordinator, { email: "x@teste.org.br", role: "COORDENADOR", limited: false }),
      ),
    ).toBe(TEAM_MESSAGES.responsibleOnly);
    expect(
      await refusal(
        changeMemberRole(coordinator, {
          userId: coordinator.userId,
          role: "RESPONSAVEL",
          limited: false,
        }),
      ),
    ).toBe(TEAM_MESSAGES.responsibleOnly);
    // The only responsável can neither step down nor leave.
    const own = await owner();
    expect(
      await refusal(
        changeMemberRole(own, { userId: own.userId, role: "COORDENADOR", limited: false }),
      ),
    ).toBe(TEAM_MESSAGES.lastResponsible);
    expect(
      await refusal(
        removeMember({ institutionId, userId: own.userId, actorId: own.userId, how: "left" }),
      ),
    ).toBe(TEAM_MESSAGES.lastResponsible);
  });

  it("two responsáveis removing each other at once leave one responsável, never none", async () => {
    const { member: second } = await joined("RESPONSAVEL");
    const own = await owner();
    const outcomes = await Promise.allSettled([
      removeMember({ institutionId, userId: second.userId, actorId: own.userId, how: "removed" }),
      removeMember({ institutionId, userId: own.userId, actorId: second.userId, how: "removed" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const responsibles = await db
      .select({ userId: institutionMembers.userId })
      .from(institutionMembers)
      .where(
        and(
          eq(institutionMembers.institutionId, institutionId),
          eq(institutionMembers.role, "RESPONSAVEL"),
        ),
      );
    expect(responsibles).toHaveLength(1);
    // Put the institution's own account back for the tests after this one.
    if (responsibles[0]?.userId !== institutionId) {
      await db.insert(institutionMembers).values({
        institutionId,
        userId: institutionId,
        role: "RESPONSAVEL",
      });
    }
  });

  it("a removed member finds no membership on their next request; their actions keep their name", async () => {
    const { person, member } = await joined("COORDENADOR");
    const eventId = await world.event({ places: 5, date: "2026-12-20" });
    const [request] = await db
      .insert(volunteerRequests)
      .values({
        volunteerId: (await world.volunteer()).id,
        institutionId,
        replyEmail: "resposta@teste.org.br",
        phone: "81987654321",
        summary: "Quero ajudar.",
      })
      .returning({ id: volunteerRequests.id });
    await decideApplication({
      institutionId,
      actorId: member.userId,
      requestId: request?.id ?? "",
      decision: "ACCEPTED",
    });
    const own = await owner();
    await removeMember({ institutionId, userId: person.id, actorId: own.userId, how: "removed" });
    expect(await findActingMember(person.id, institutionId)).toBeNull();
    // With no choice made, a volunteer on no team has no institution to act for.
    expect(await findActingMember(person.id, null)).toBeNull();
    const [decided] = await db
      .select({ by: volunteerRequests.decidedBy })
      .from(volunteerRequests)
      .where(eq(volunteerRequests.id, request?.id ?? ""));
    expect(decided?.by).toBe(person.id);
    // The institution's list says who answered, even after they left the team.
    const listed = await listReceivedApplications(institutionId);
    expect(listed.find((row) => row.id === request?.id)?.decided).toEqual({
      by: person.name,
      on: formatDayInBrazil(new Date()),
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "application.accept"), eq(auditLog.actorId, person.id)));
    expect(entry).toBeDefined();
    const [removal] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "team.remove"), eq(auditLog.targetId, institutionId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(removal?.details).toMatchObject({ member: person.id, memberName: person.name });
    expect(eventId).toBeTruthy();
  });

  it("a coordinator limited to some events runs those they create or are given, and sees only those", async () => {
    const { member: limited } = await joined("COORDENADOR", true);
    const others = await world.event({ places: 5, date: "2026-12-21", name: "Bazar" });
    expect(await canRunEvent(limited, others)).toBe(false);
    expect((await listInstitutionEvents(institutionId, limited)).map((e) => e.id)).not.toContain(
      others,
    );
    await setEventAssignment(await owner(), {
      eventId: others,
      userId: limited.userId,
      assigned: true,
    });
    expect(await canRunEvent(limited, others)).toBe(true);
    expect((await listInstitutionEvents(institutionId, limited)).map((e) => e.id)).toEqual([
      others,
    ]);
    // One they created is theirs too, without being handed to them.
    const theirs = await world.event({ places: 5, date: "2026-12-23", name: "Oficina" });
    await db.update(events).set({ createdBy: limited.userId }).where(eq(events.id, theirs));
    expect(await canRunEvent(limited, theirs)).toBe(true);
    expect((await listInstitutionEvents(institutionId, limited)).map((e) => e.id).sort()).toEqual(
      [others, theirs].sort(),
    );
    // A limited coordinator hands nothing on.
    expect(
      await refusal(
        setEventAssignment(limited, { eventId: others, userId: limited.userId, assigned: false }),
      ),
    ).toBe(TEAM_MESSAGES.eventNotAssigned);
    // Another institution's event is not theirs to judge: the route's own query says "not found".
    const elsewhere = await insertInstitution(db, {
      name: "Outra ONG",
      email: "outra-equipe@teste.org.br",
      status: "APPROVED",
    });
    const foreign = await participationWorld(db, elsewhere).event({
      places: 1,
      date: "2026-12-22",
    });
    expect(await canRunEvent(limited, foreign)).toBe(true);
    const [row] = await db.select().from(events).where(eq(events.id, foreign));
    expect(row?.institutionId).toBe(elsewhere);
  });
});
