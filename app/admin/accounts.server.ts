import { and, eq } from "drizzle-orm";
import { sendResetEmail } from "~/auth/password-reset.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { recordAudit } from "./audit.server";
import { decidedConflict } from "./decided-already.server";

/**
 * Removing an account (docs/design.md 7.4). Deleting the users row cascades (app/db/schema.ts) to the
 * volunteer or institution profile, its photos (images.owner_id), sessions and credentials, its
 * applications, and an institution's events and received applications; so the person is signed
 * out everywhere and the institution's events leave the public site in the same statement.
 * Audit entries keep only the name, for the trail.
 */

export const DELETE_MESSAGES = {
  volunteer: { ok: "Voluntário excluído com sucesso.", failed: "Erro ao excluir voluntário." },
  institution: {
    ok: "Instituição excluída com sucesso!",
    failed: "Erro ao excluir instituição.",
  },
} as const;

async function deleteAccount(
  adminId: string,
  userId: string,
  profile: "VOLUNTEER" | "INSTITUTION",
): Promise<void> {
  const kind = profile === "VOLUNTEER" ? "volunteer" : "institution";
  await db().transaction(async (tx) => {
    const [row] = await tx
      .delete(users)
      .where(and(eq(users.id, userId), eq(users.profile, profile), eq(users.role, "USER")))
      .returning({ name: users.name });
    if (!row) {
      throw await decidedConflict(tx, kind, userId, DELETE_MESSAGES[kind].failed, "not-found");
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: profile === "VOLUNTEER" ? "volunteer.delete" : "institution.delete",
      targetType: kind,
      targetId: userId,
      details: { name: row.name },
    });
  });
}

export function deleteVolunteerAccount(input: { adminId: string; volunteerId: string }) {
  return deleteAccount(input.adminId, input.volunteerId, "VOLUNTEER");
}

export function deleteInstitutionAccount(input: { adminId: string; institutionId: string }) {
  return deleteAccount(input.adminId, input.institutionId, "INSTITUTION");
}

/** "Resetar senha": the same reset e-mail as "Esqueci minha senha"; returns the address used. */
export async function sendUserPasswordReset(input: {
  adminId: string;
  userId: string;
}): Promise<string> {
  const [user] = await db()
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, input.userId), eq(users.role, "USER")));
  if (!user)
    throw new AppError("not-found", "Não foi possível enviar o e-mail de redefinição de senha.");
  await sendResetEmail(user.email);
  await recordAudit(db(), {
    actorId: input.adminId,
    action: "password.reset",
    targetType: "user",
    targetId: input.userId,
    details: { name: user.name },
  });
  return user.email;
}
