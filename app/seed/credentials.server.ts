import { hashPassword } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, users } from "~/db/schema";

/**
 * Accounts written directly, the way better-auth reads them: a `users` row plus an `accounts`
 * row with provider "credential", account_id equal to the user id and the library's own scrypt
 * hash, so these people sign in through the normal login form.
 */

/** The database or an open transaction: seeding helpers run inside the caller's transaction. */
export type DbExecutor = Pick<Database, "select" | "insert" | "execute">;

export class EmailAlreadyRegisteredError extends Error {
  override name = "EmailAlreadyRegisteredError";
  constructor(readonly email: string) {
    super(`An account with the e-mail ${email} already exists; nothing was changed.`);
  }
}

/** E-mails are unique regardless of case (users_email_lower_key); stored lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The scrypt hash better-auth verifies at login. Slow on purpose: hash once, reuse for many. */
export function hashAccountPassword(password: string): Promise<string> {
  return hashPassword(password);
}

export function credentialAccount(userId: string, passwordHash: string, createdAt?: Date) {
  return {
    userId,
    accountId: userId,
    providerId: "credential",
    password: passwordHash,
    createdAt,
    updatedAt: createdAt,
  };
}

export async function isEmailRegistered(executor: DbExecutor, email: string): Promise<boolean> {
  const result = await executor.execute<{ taken: boolean }>(
    sql`select exists (select 1 from ${users} where lower(${users.email}) = ${normalizeEmail(email)}) as taken`,
  );
  return result.rows[0]?.taken === true;
}

/** Inserts an administrator (role ADMIN, profile ADMIN) with a credential account. */
export async function insertAdmin(
  executor: DbExecutor,
  admin: { id?: string; email: string; name: string; passwordHash: string },
): Promise<string> {
  if (await isEmailRegistered(executor, admin.email)) {
    throw new EmailAlreadyRegisteredError(normalizeEmail(admin.email));
  }
  const [row] = await executor
    .insert(users)
    .values({
      id: admin.id,
      email: normalizeEmail(admin.email),
      emailVerified: true,
      name: admin.name,
      role: "ADMIN",
      profile: "ADMIN",
    })
    .returning({ id: users.id });
  if (!row) throw new Error("The administrator row was not inserted");
  await executor.insert(accounts).values(credentialAccount(row.id, admin.passwordHash));
  return row.id;
}
