import { count, desc, eq } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { type Database, db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";

/** A transaction or the database: an audit entry is written in the same transaction as its cause. */
type Executor = Pick<Database, "insert">;

export type AuditAction =
  | "institution.approve"
  | "institution.reject"
  | "event.approve"
  | "event.reject"
  | "event.delete"
  | "volunteer.delete"
  | "institution.delete"
  | "password.reset";

export async function recordAudit(
  executor: Executor,
  entry: {
    actorId: string;
    action: AuditAction;
    targetType: "institution" | "event" | "volunteer" | "user";
    targetId: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await executor.insert(auditLog).values(entry);
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: AuditAction;
  targetType: string;
  targetId: string;
  /** The record's name at the time of the action (it may be gone since). */
  targetName: string;
}

/** The trail, newest first, a page at a time. */
export async function listAuditEntries(page: number) {
  const [rows, total] = await Promise.all([
    db()
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorName: users.name,
        actorEmail: users.email,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db().select({ n: count() }).from(auditLog),
  ]);
  const entries: AuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorName ? `${row.actorName} (${row.actorEmail})` : "Administrador removido",
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: typeof row.details?.name === "string" ? row.details.name : "",
  }));
  return { entries, total: total[0]?.n ?? 0 };
}
