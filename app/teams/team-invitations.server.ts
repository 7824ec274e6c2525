import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/admin/audit.server";
import { env } from "~/config/env.server";
import { db } from "~/db/client.server";
import { institutionInvitations, institutionMembers, institutions, users } from "~/db/schema";
import { enqueueEmail } from "~/email/outbox.server";
import { AppError } from "~/lib/app-error";
import { tokenDigest } from "~/lib/token-digest";
import { teamInvitationEmail } from "./team-emails.server";
import { assertResponsible, personNameSql } from "./team-members.server";
import {
  type ActingMember,
  INVITATION_DAYS,
  isMemberRole,
  MAX_PENDING_INVITATIONS,
  MEMBER_ROLE_LABELS,
  type MemberRole,
  TEAM_MESSAGES,
} from "./team-roles";

/**
 * Invitations to an institution's team (issue 41, ADR 0077): a single-use link for one e-mail
 * address that expires in INVITATION_DAYS. Only the token's SHA-256 is stored; inviting the same
 * address again replaces the link it had. Accepting is one conditional UPDATE, so a link works
 * once however many tabs or people race on it.
 */

export interface PendingInvitation {
  id: string;
  email: string;
  role: MemberRole;
  limited: boolean;
  invitedByName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** Who sent an invitation, as the team names people (joined to `institutions` and `users`). */
const inviterName = personNameSql(
  institutionInvitations.invitedBy,
  institutionInvitations.institutionId,
  users.name,
);

const open = (now: Date) =>
  and(
    isNull(institutionInvitations.acceptedAt),
    isNull(institutionInvitations.cancelledAt),
    gt(institutionInvitations.expiresAt, now),
  );

/** Invitations waiting for an answer, newest first. */
export async function listPendingInvitations(
  institutionId: string,
  now = new Date(),
): Promise<PendingInvitation[]> {
  const rows = await db()
    .select({
      id: institutionInvitations.id,
      email: institutionInvitations.email,
      role: institutionInvitations.role,
      limited: institutionInvitations.limited,
      invitedByName: inviterName,
      createdAt: institutionInvitations.createdAt,
      expiresAt: institutionInvitations.expiresAt,
    })
    .from(institutionInvitations)
    .innerJoin(institutions, eq(institutions.userId, institutionInvitations.institutionId))
    .leftJoin(users, eq(users.id, institutionInvitations.invitedBy))
    .where(and(eq(institutionInvitations.institutionId, institutionId), open(now)))
    .orderBy(desc(institutionInvitations.createdAt));
  return rows.flatMap((row) => (isMemberRole(row.role) ? [{ ...row, role: row.role }] : []));
}

/**
 * A responsável invites `email` (already checked by the form's rule, lower case) to the team:
 * the link goes out by e-mail, paid by the inviter's e-mail budget (ADR 0068).
 */
export async function inviteToTeam(
  actor: ActingMember,
  input: { email: string; role: MemberRole; limited: boolean },
  now = new Date(),
): Promise<void> {
  assertResponsible(actor);
  const limited = input.role === "COORDENADOR" && input.limited;
  const token = randomBytes(32).toString("base64url");
  await db().transaction(async (tx) => {
    const [member] = await tx
      .select({ userId: institutionMembers.userId })
      .from(institutionMembers)
      .innerJoin(users, eq(users.id, institutionMembers.userId))
      .where(
        and(
          eq(institutionMembers.institutionId, actor.institutionId),
          sql`lower(${users.email}) = ${input.email}`,
        ),
      )
      .limit(1);
    if (member) throw new AppError("conflict", TEAM_MESSAGES.alreadyMember);
    // The same address invited again: the new link replaces the old one.
    await tx
      .update(institutionInvitations)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(institutionInvitations.institutionId, actor.institutionId),
          eq(institutionInvitations.email, input.email),
          open(now),
        ),
      );
    const [{ waiting } = { waiting: 0 }] = await tx
      .select({ waiting: sql<number>`count(*)::int` })
      .from(institutionInvitations)
      .where(and(eq(institutionInvitations.institutionId, actor.institutionId), open(now)));
    if (waiting >= MAX_PENDING_INVITATIONS) {
      throw new AppError("conflict", TEAM_MESSAGES.tooManyInvitations);
    }
    const [invitation] = await tx
      .insert(institutionInvitations)
      .values({
        institutionId: actor.institutionId,
        email: input.email,
        role: input.role,
        limited,
        tokenHash: tokenDigest(token),
        invitedBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
      })
      .returning({ id: institutionInvitations.id });
    if (!invitation) throw new Error("the invitation was not stored");
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "team.invite",
      targetType: "institution",
      targetId: actor.institutionId,
      details: { email: input.email, role: input.role, limited },
    });
    await enqueueEmail(tx, {
      ...teamInvitationEmail({
        inviterName: actor.personName,
        institutionName: actor.institutionName,
        roleLabel: MEMBER_ROLE_LABELS[input.role],
        limited,
        url: invitationUrl(token),
        days: INVITATION_DAYS,
      }),
      to: input.email,
      kind: "team-invitation",
      dedupeKey: `team-invitation:${invitation.id}`,
      // The institution's budget (ADR 0068): a team does not multiply it by inviting people.
      sender: actor.institutionId,
      now,
    });
  });
}

export function invitationUrl(token: string): string {
  return new URL(`/convite/${token}`, env().BASE_URL).toString();
}

/** A responsável withdraws an invitation still waiting; its link then says it was cancelled. */
export async function cancelInvitation(
  actor: ActingMember,
  invitationId: string,
  now = new Date(),
): Promise<void> {
  assertResponsible(actor);
  await db().transaction(async (tx) => {
    const [cancelled] = await tx
      .update(institutionInvitations)
      .set({ cancelledAt: now })
      .where(
        and(
          eq(institutionInvitations.id, invitationId),
          eq(institutionInvitations.institutionId, actor.institutionId),
          open(now),
        ),
      )
      .returning({ email: institutionInvitations.email });
    if (!cancelled)
      throw new AppError("not-found", "Este convite não está mais esperando resposta.");
    await recordAudit(tx, {
      actorId: actor.userId,
      action: "team.invite-cancel",
      targetType: "institution",
      targetId: actor.institutionId,
      details: { email: cancelled.email },
    });
  });
}

export type InvitationView =
  | {
      state: "open";
      institutionId: string;
      institutionName: string;
      role: MemberRole;
      limited: boolean;
      inviterName: string | null;
      /** The address it was sent to, partly hidden: only who holds the link sees this. */
      maskedEmail: string;
      email: string;
      expiresAt: Date;
    }
  | { state: "unknown" | "cancelled" | "used" | "expired"; institutionName: string | null };

/** What the invitation page shows for a link, whoever opens it. */
export async function viewInvitation(token: string, now = new Date()): Promise<InvitationView> {
  const [row] = await db()
    .select({
      institutionId: institutionInvitations.institutionId,
      institutionName: institutions.name,
      email: institutionInvitations.email,
      role: institutionInvitations.role,
      limited: institutionInvitations.limited,
      inviterName,
      expiresAt: institutionInvitations.expiresAt,
      acceptedAt: institutionInvitations.acceptedAt,
      cancelledAt: institutionInvitations.cancelledAt,
    })
    .from(institutionInvitations)
    .innerJoin(institutions, eq(institutions.userId, institutionInvitations.institutionId))
    .leftJoin(users, eq(users.id, institutionInvitations.invitedBy))
    .where(eq(institutionInvitations.tokenHash, tokenDigest(token)))
    .limit(1);
  if (!row || !isMemberRole(row.role)) return { state: "unknown", institutionName: null };
  const institutionName = row.institutionName;
  if (row.acceptedAt) return { state: "used", institutionName };
  if (row.cancelledAt) return { state: "cancelled", institutionName };
  if (row.expiresAt <= now) return { state: "expired", institutionName };
  return {
    state: "open",
    institutionId: row.institutionId,
    institutionName,
    role: row.role,
    limited: row.limited,
    inviterName: row.inviterName,
    maskedEmail: maskEmail(row.email),
    email: row.email,
    expiresAt: row.expiresAt,
  };
}

/** "an***@casa.org": enough for the right person to recognise, little for anyone else. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${email.slice(at)}`;
}

const REFUSALS = {
  unknown: TEAM_MESSAGES.invitationUnknown,
  cancelled: TEAM_MESSAGES.invitationCancelled,
  used: TEAM_MESSAGES.invitationUsed,
  expired: TEAM_MESSAGES.invitationExpired,
} as const;

/**
 * The signed-in person accepts: only with the account of the address it was sent to, once.
 * Returns the institution they joined.
 */
export async function acceptInvitation(
  token: string,
  person: { id: string; email: string; role: string },
  now = new Date(),
): Promise<{ institutionId: string; institutionName: string }> {
  if (person.role !== "USER") throw new AppError("forbidden", TEAM_MESSAGES.invitationAdmin);
  const view = await viewInvitation(token, now);
  if (view.state !== "open") throw new AppError("conflict", REFUSALS[view.state]);
  if (view.email !== person.email.toLowerCase()) {
    throw new AppError("forbidden", wrongAccountMessage(view.maskedEmail));
  }
  return db().transaction(async (tx) => {
    const [claimed] = await tx
      .update(institutionInvitations)
      .set({ acceptedAt: now, acceptedBy: person.id })
      .where(and(eq(institutionInvitations.tokenHash, tokenDigest(token)), open(now)))
      .returning({
        institutionId: institutionInvitations.institutionId,
        role: institutionInvitations.role,
        limited: institutionInvitations.limited,
        invitedBy: institutionInvitations.invitedBy,
      });
    if (!claimed) throw new AppError("conflict", TEAM_MESSAGES.invitationUsed);
    const joined = await tx
      .insert(institutionMembers)
      .values({
        institutionId: claimed.institutionId,
        userId: person.id,
        role: claimed.role,
        limited: claimed.limited,
        invitedBy: claimed.invitedBy,
        joinedAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: institutionMembers.userId });
    if (joined.length === 0) throw new AppError("conflict", TEAM_MESSAGES.alreadyMember);
    await recordAudit(tx, {
      actorId: person.id,
      action: "team.join",
      targetType: "institution",
      targetId: claimed.institutionId,
      details: { role: claimed.role, limited: claimed.limited },
    });
    return { institutionId: claimed.institutionId, institutionName: view.institutionName };
  });
}

export function wrongAccountMessage(maskedEmail: string): string {
  return `Este convite foi enviado para ${maskedEmail}. Entre com a conta desse e-mail para aceitá-lo.`;
}
