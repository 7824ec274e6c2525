import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import type { Database } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import type { AuditAction } from "./audit-actions";

/**
 * What an admin reads when the record they act on was decided meanwhile (another admin, another
 * tab, the institution itself): who did what and when, from the audit trail, instead of a
 * generic failure. "Esta instituição já foi reprovada por Ana Souza em 12/03/2026 às 14:05."
 */

type Executor = Pick<Database, "select">;

export type DecidedRecord = "institution" | "event" | "name" | "volunteer";

/** The record as the sentence names it, and each action's participle in its gender. */
const RECORDS: Record<
  DecidedRecord,
  { subject: string; done: Partial<Record<AuditAction, string>> }
> = {
  institution: {
    subject: "Esta instituição",
    done: {
      "institution.approve": "aprovada",
      "institution.reject": "reprovada",
      "institution.reopen": "reaberta para análise",
      "institution.resubmit": "reenviada para análise",
      "institution.delete": "excluída",
      "account.delete": "excluída",
    },
  },
  event: {
    subject: "Este evento",
    done: {
      "event.approve": "aprovado",
      "event.reject": "reprovado",
      "event.reopen": "reaberto para análise",
      "event.resubmit": "reenviado para análise",
      // An edit of a published event that sent it back to review (ADR 0039).
      "event.update": "alterado e voltou para análise",
      "event.cancel": "cancelado",
      "event.delete": "excluído",
    },
  },
  name: {
    subject: "O novo nome desta instituição",
    done: { "institution.name-approve": "aprovado", "institution.name-reject": "recusado" },
  },
  volunteer: {
    subject: "Este voluntário",
    done: { "volunteer.delete": "excluído", "account.delete": "excluído" },
  },
};

const WHEN = new Intl.DateTimeFormat("pt-BR", {
  timeZone: BRAZIL_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "12/03/2026 às 14:05" in Brasília. */
function when(at: Date): string {
  const part = Object.fromEntries(WHEN.formatToParts(at).map((piece) => [piece.type, piece.value]));
  return `${part.day}/${part.month}/${part.year} às ${part.hour}:${part.minute}`;
}

/**
 * The sentence for the latest decision on the record, or null when the trail has none (the
 * caller keeps its own message then). Read in the caller's transaction, after its update found
 * nothing to change, so it sees the decision that got there first.
 */
export async function decidedAlready(
  executor: Executor,
  record: DecidedRecord,
  targetId: string,
): Promise<string | null> {
  const { subject, done } = RECORDS[record];
  const actions = Object.keys(done);
  const [entry] = await executor
    .select({
      action: auditLog.action,
      at: auditLog.at,
      details: auditLog.details,
      actor: users.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.targetId, targetId),
        inArray(auditLog.action, actions),
        // Only the edits that moved the event back to review are a decision on it.
        or(
          sql`${auditLog.action} <> 'event.update'`,
          sql`${auditLog.details}->>'status' = 'PENDING'`,
        ),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  if (!entry) return null;
  const participle = done[entry.action as AuditAction];
  const by = entry.actor
    ? `por ${entry.actor}`
    : entry.details?.by === "self"
      ? "pelo próprio titular da conta"
      : "por um administrador removido";
  return `${subject} já foi ${participle} ${by} em ${when(entry.at)}.`;
}

/** The refusal of an admin action on a record decided meanwhile: who and when, or `fallback`. */
export async function decidedConflict(
  executor: Executor,
  record: DecidedRecord,
  targetId: string,
  fallback: string,
  code: "conflict" | "not-found" = "conflict",
): Promise<AppError> {
  return new AppError(code, (await decidedAlready(executor, record, targetId)) ?? fallback);
}
