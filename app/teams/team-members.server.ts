import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { recordAudit } from "~/admin/audit.server";
import { db, type Transaction } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { institutionMembers, institutions, users } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { type ActingMember, isMemberRole, type MemberRole, TEAM_MESSAGES } from "./team-roles";

/**
 * An institution's team (issue 41, ADR 0077): who acts for it, with which role, and the changes a
 * responsável makes (role, limits, removal) or a member makes (leaving). Every change is audited
 * in the same transaction, with the person who made it.
 */

/**
 * The name of a person who acts for an institution (a member, an inviter, who decided), as the
 * team shows it. The institution's own account (the one that signed up with the CNPJ, whose user
 * id is the institution's id) carries the institution's name in `users.name`; the person behind
 * it is the `responsible` typed at sign-up. `name` is that user's `users.name` (null stays null).
 */
export function personNameSql<Name extends string | null = string | null>(
  userId: AnyPgColumn,
  institutionId: AnyPgColumn,
  name: AnyPgColumn,
) {
  return sql<Name>`case when ${userId} = ${institutionId} then ${institutions.responsible} else ${name} end`;
}

export const memberNameSql = personNameSql<string>(
  institutionMembers.userId,
  institutionMembers.institutionId,
  users.name,
);

const actingColumns = {
  institutionId: institutionMembers.institutionId,
  institutionName: institutions.name,
  institutionStatus: institutions.status,
  userId: institutionMembers.userId,
  personName: memberNameSql,
  role: institutionMembers.role,
  limited: institutionMembers.limited,
};

// The institution area's guard runs one of these on every request (ADR 0054).
const chosenMembership = preparedQuery("acting_member_chosen", () =>
  db()
    .select(actingColumns)
    .from(institutionMembers)
    .innerJoin(institutions, eq(institutions.userId, institutionMembers.institutionId))
    .innerJoin(users, eq(users.id, institutionMembers.userId))
    .where(
      and(
        eq(institutionMembers.userId, sql.placeholder("userId")),
        eq(institutionMembers.institutionId, sql.placeholder("institutionId")),
      ),
    )
    .limit(1),
);

// Without a choice: the person's own institution first (an institution's account), then the
// one they joined first.
const defaultMembership = preparedQuery("acting_member_default", () =>
  db()
    .select(actingColumns)
    .from(institutionMembers)
    .innerJoin(institutions, eq(institutions.userId, institutionMembers.institutionId))
    .innerJoin(users, eq(users.id, institutionMembers.userId))
    .where(eq(institutionMembers.userId, sql.placeholder("userId")))
    .orderBy(
      desc(sql`${institutionMembers.institutionId} = ${institutionMembers.userId}`),
      asc(institutionMembers.joinedAt),
    )
    .limit(1),
);

/**
 * The membership `userId` acts with: in the institution they chose (`chosen`, from the area's
 * cookie) or, with no choice, their default one. Null when they are not a member of the chosen
 * institution (removed since they chose it) or of any.
 */
export async function findActingMember(
  userId: string,
  chosen: string | null,
): Promise<ActingMember | null> {
  if (chosen && !isUuid(chosen)) return null;
  const [row] = chosen
    ? await chosenMembership().execute({ userId, institutionId: chosen })
    : await defaultMembership().execute({ userId });
  if (!row || !isMemberRole(row.role)) return null;
  return { ...row, role: row.role };
}

export interface TeamChoice {
  institutionId: string;
  institutionName: string;
  role: MemberRole;
}

/** Every institution the person acts for, for the header's switcher; their own first. */
export async function listMemberships(userId: string): Promise<TeamChoice[]> {
  const rows = await db()
    .select({
      institutionId: institutionMembers.institutionId,
      institutionName: institutions.name,
      role: institutionMembers.role,
    })
    .from(institutionMembers)
    .innerJoin(institutions, eq(institutions.userId, institutionMembers.institutionId))
    .where(eq(institutionMembers.userId, userId))
    .orderBy(
      desc(sql`${institutionMembers.institutionId} = ${institutionMembers.userId}`),
      asc(institutions.name),
    );
  return rows.flatMap((row) => (isMemberRole(row.role) ? [{ ...row, role: row.role }] : []));
}

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  limited: boolean;
  /** The institution's own account (the CNPJ's sign-up). */
  ownAccount: boolean;
  joinedAt: Date;
  invitedByName: string | null;
}

const inviter = alias(users, "inviter");

/** The team, responsáveis first, then by name. */
export async function listTeam(institutionId: string): Promise<TeamMember[]> {
  const rows = await db()
    .select({
      userId: institutionMembers.userId,
      name: memberNameSql,
      email: users.email,
      role: institutionMembers.role,
      limited: institutionMembers.limited,
      joinedAt: institutionMembers.joinedAt,
      invitedByName: personNameSql(
        institutionMembers.invitedBy,
        institutionMembers.institutionId,
        inviter.name,
      ),
    })
    .from(institutionMembers)
    .innerJoin(institutions, eq(institutions.userId, institutionMembers.institutionId))
    .innerJoin(users, eq(users.id, institutionMembers.userId))
    .leftJoin(inviter, eq(inviter.id, institutionMembers.invitedBy))
    .where(eq(institutionMembers.institutionId, institutionId))
    .orderBy(
      desc(sql`${institutionMembers.role} = 'RESPONSAVEL'`),
      asc(memberNameSql),
      asc(institutionMembers.userId),
    );
  return rows.flatMap((row) =>
    isMemberRole(row.role)
      ? [{ ...row, role: row.role, ownAccount: row.userId === institutionId }]
      : [],
  );
}

/** Only a responsável manages the team and the profile. */
export function assertResponsible(member: ActingMember): void {
  if (member.role !== "RESPONSAVEL") throw new AppError("forbidden", TEAM_MESSAGES.responsibleOnly);
}

/**
 * `userId` on the institution's team, with the team locked (one change at a time: two
 * responsáveis removing each other cannot leave none), refusing a change to `newRole` (null: they
 * leave) that would leave the team without a responsável.
 */
async function changeableMember(
  tx: Transaction,
  institutionId: string,
  userId: string,
  newRole: MemberRole | null,
) {
  await tx.execute(
    sql`select 1 from ${institutions} where ${institutions.userId} = ${institutionId} for update`,
  );
  const team = await tx
    .select({
      userId: institutionMembers.userId,
      role: institutionMembers.role,
      name: memberNameSql,
    })
    .from(institutionMembers)
    .innerJoin(institutions, eq(institutions.userId, institutionMembers.institutionId))
    .innerJoin(users, eq(users.id, institutionMembers.userId))
    .where(eq(institutionMembers.institutionId, institutionId));
  const target = team.find((member) => member.userId === userId);
  if (!target) throw new AppError("not-found", TEAM_MESSAGES.memberGone);
  const responsibleLeft = team.some((member) =>
    member.userId === userId ? newRole === "RESPONSAVEL" : member.role === "RESPONSAVEL",
  );
  if (!responsibleLeft) throw new AppError("conflict", TEAM_MESSAGES.lastResponsible);
  const row = and(
    eq(institutionMembers.institutionId, institutionId),
    eq(institutionMembers.userId, userId),
  );
  return { name: target.name, row };
}

/**
 * A responsável changes a member's role (passing the role on is making another member
 * responsável, then oneself coordinator) or whether a coordinator is limited to their events.
 */
export async function changeMemberRole(
  actor: ActingMember,
  input: { userId: string; role: MemberRole; limited: boolean },
): Promise<{ name: string }> {
  assertResponsible(actor);
  const limited = input.role === "COORDENADOR" && input.limited;
  return db().transaction(async (tx) => {
    const target = await changeableMember(tx, actor.institutionId, input.userId, input.role);
    await tx.update(institutionMembers).set({ role: input.role, limited }).where(target.row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "team.role-change",
      targetType: "institution",
      targetId: actor.institutionId,
      details: { member: input.userId, memberName: target.name, role: input.role, limited },
    });
    return { name: target.name };
  });
}

/**
 * Takes a person off the team: a responsável removing someone, a member leaving, or an admin
 * (who checked their own rights: the caller does). Their sessions lose the institution on their
 * next request (the guard reads the membership every time); what they did keeps their name in
 * the audit. The last responsável cannot go.
 */
export async function removeMember(input: {
  institutionId: string;
  userId: string;
  actorId: string;
  how: "removed" | "left" | "admin";
}): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    const target = await changeableMember(tx, input.institutionId, input.userId, null);
    await tx.delete(institutionMembers).where(target.row);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.how === "left" ? "team.leave" : "team.remove",
      targetType: "institution",
      targetId: input.institutionId,
      details: {
        member: input.userId,
        memberName: target.name,
        ...(input.how === "admin" ? { by: "admin" } : {}),
      },
    });
    return { name: target.name };
  });
}
