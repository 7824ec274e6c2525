import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { guardianTokens, users } from "~/db/schema";
import { AppError } from "~/lib/app-error";

/**
 * The guardian's address belongs to a third party (ADR 0069): never the minor's own account
 * e-mail (a minor consenting for themselves), never any other account's (an account cannot stand
 * in for a parent, and naming one would mail its owner), and changed at most a few times a day,
 * since each change e-mails the new address.
 */
export const GUARDIAN_CHANGES_PER_DAY = 3;

export const GUARDIAN_ADDRESS_MESSAGES = {
  own: "O e-mail do responsável precisa ser diferente do seu e-mail de acesso.",
  account:
    "Este e-mail é de uma conta da plataforma. Informe o e-mail pessoal do seu responsável, que não tenha conta aqui.",
  tooManyChanges: `Você já trocou o responsável ${GUARDIAN_CHANGES_PER_DAY} vezes hoje. Tente novamente amanhã.`,
} as const;

export async function checkGuardianAddress(
  tx: Transaction,
  input: { ownEmail: string; guardianEmail: string },
): Promise<void> {
  const guardian = input.guardianEmail.toLowerCase();
  if (guardian === input.ownEmail.toLowerCase()) {
    throw new AppError("invalid", GUARDIAN_ADDRESS_MESSAGES.own, { field: "guardianEmail" });
  }
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${guardian}`)
    .limit(1);
  if (account) {
    throw new AppError("invalid", GUARDIAN_ADDRESS_MESSAGES.account, { field: "guardianEmail" });
  }
}

/** Refuses a new guardian past GUARDIAN_CHANGES_PER_DAY in the last 24 hours (by their links). */
export async function checkGuardianChangeAllowed(
  tx: Transaction,
  input: { volunteerId: string; now: Date },
): Promise<void> {
  const since = new Date(input.now.getTime() - 86_400_000);
  const [row] = await tx
    .select({ changes: count() })
    .from(guardianTokens)
    .where(
      and(
        eq(guardianTokens.volunteerId, input.volunteerId),
        eq(guardianTokens.purpose, "ACCOUNT"),
        gt(guardianTokens.createdAt, since),
      ),
    );
  if ((row?.changes ?? 0) >= GUARDIAN_CHANGES_PER_DAY) {
    throw new AppError("rate-limited", GUARDIAN_ADDRESS_MESSAGES.tooManyChanges, {
      field: "guardianEmail",
      retryAfterSeconds: 3600,
    });
  }
}
