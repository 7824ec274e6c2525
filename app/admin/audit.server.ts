import { count, desc, eq } from "drizzle-orm";
import { ADMIN_PAGE_SIZE } from "~/config/constants";
import { type Database, db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import type { AuditAction } from "./audit-actions";

/** A transaction or the database: an audit entry is written in the same transaction as its cause. */
type Executor = Pick<Database, "insert">;

export type { AuditAction } from "./audit-actions";

export async function recordAudit(
  executor: Executor,
  entry: {
    /** Null when the person acted on their own account (details.by = "self"). */
    actorId: string | null;
    action: AuditAction;
    targetType: "institution" | "event" | "volunteer" | "user" | "setting";
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
    actor: actorLabel(row),
    action: row.action as AuditAction,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: targetLabel(row.details),
  }));
  return { entries, total: total[0]?.n ?? 0 };
}

type Details = Record<string, unknown> | null;

/** Who acted: an admin (by name), the account holder themselves, or an admin deleted since. */
function actorLabel(row: {
  actorName: string | null;
  actorEmail: string | null;
  details: Details;
}) {
  if (row.actorName) return `${row.actorName} (${row.actorEmail})`;
  return row.details?.by === "self" ? "O próprio titular da conta" : "Administrador removido";
}

/** The record's name when the action kept it; a self-deleted account keeps only its profile. */
function targetLabel(details: Details): string {
  if (typeof details?.name === "string") return details.name;
  if (details?.profile === "VOLUNTEER") return "Conta de voluntário";
  if (details?.profile === "INSTITUTION") return "Conta de instituição";
  return "";
}
