import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema";
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
    targetType:
      | "institution"
      | "event"
      | "volunteer"
      | "user"
      | "setting"
      | "certificate"
      | "application";
    targetId: string;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await executor.insert(auditLog).values(entry);
}
