import { and, count, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { ADMIN_PAGE_SIZE, BRAZIL_TIME_ZONE } from "~/config/constants";
import { db } from "~/db/client.server";
import { auditLog, users } from "~/db/schema";
import { nextIsoDay, zonedDayStart } from "~/lib/zoned-day";
import { searchTextMatches } from "~/lists/search-match.server";
import { type AuditFilters, auditPeriod } from "./audit-trail";

/**
 * The audit trail as the admin reads it (issue 14): filtered by who acted, the action and a
 * period of days in Brasília time, newest first; a page at a time for the section, in batches
 * for the CSV export. Every filter is served by an index: the actor by audit_log_actor_at_idx,
 * the action by audit_log_action_at_idx, the period (and no filter) by audit_log_at_idx, each
 * already in the order shown (docs/decisions/0037 has the EXPLAIN).
 */

export interface AuditEntry {
  id: number;
  /** ISO instant. */
  at: string;
  /** The actor's name, or what stands for an entry without actor (see actorLabel). */
  actorName: string;
  actorEmail: string | null;
  /** An action of AUDIT_ACTION_LABELS, or one written outside that list (shown as stored). */
  action: string;
  targetType: string;
  targetId: string;
  /** The record's name at the time of the action (it may be gone since). */
  targetName: string;
}

/** What the trail shows for an entry whose actor is not (or no longer) a person. */
export const NO_ACTOR_LABELS = {
  self: "O próprio titular da conta",
  removed: "Administrador removido",
} as const;

/** Lower case without accents, as immutable_unaccent(lower()) does on the database's side. */
const fold = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const selfActed = sql`${auditLog.details}->>'by' = 'self'`;

/** Above this many people matching the search, it is broad: see personCondition. */
const NARROW_SEARCH = 200;

/**
 * Who acted: the people whose name or e-mail contains the term (the users' trigram index). A
 * narrow search (the usual one: a name, an e-mail) becomes a list of ids, which PostgreSQL
 * plans with their statistics: audit_log_actor_at_idx, already newest first for one person; as
 * a subquery it guesses their number and may walk the whole trail by date to find a rare actor's
 * ten entries. A broad search ("a") matches most of the trail, where walking by date is right.
 * An entry without actor is found by the words of its label, the text the admin sees instead.
 */
async function personCondition(term: string): Promise<SQL | undefined> {
  // A new builder each time: Drizzle's limit() changes the builder it is called on.
  const matching = () =>
    db().select({ id: users.id }).from(users).where(searchTextMatches(users.searchText, term));
  const found = await matching().limit(NARROW_SEARCH + 1);
  const wanted = fold(term);
  return or(
    inArray(
      auditLog.actorId,
      found.length > NARROW_SEARCH ? matching() : found.map((row) => row.id),
    ),
    fold(NO_ACTOR_LABELS.self).includes(wanted)
      ? and(isNull(auditLog.actorId), selfActed)
      : undefined,
    fold(NO_ACTOR_LABELS.removed).includes(wanted)
      ? and(isNull(auditLog.actorId), sql`not coalesce(${selfActed}, false)`)
      : undefined,
  );
}

/** The WHERE of the filters; the period must have been checked (auditPeriod) before. */
async function filtersCondition(
  filters: AuditFilters,
  period: { from: string | null; to: string | null },
) {
  return and(
    filters.person ? await personCondition(filters.person) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    // Both days included: from the start of the first to the start of the day after the last.
    period.from ? gte(auditLog.at, zonedDayStart(period.from, BRAZIL_TIME_ZONE)) : undefined,
    period.to ? lt(auditLog.at, zonedDayStart(nextIsoDay(period.to), BRAZIL_TIME_ZONE)) : undefined,
  );
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  /** The instant as PostgreSQL writes it, to the microsecond: the export's cursor (a Date keeps ms). */
  cursor: sql<string>`${auditLog.at}::text`,
  actorName: users.name,
  actorEmail: users.email,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  details: auditLog.details,
};

function selectEntries(where: SQL | undefined) {
  return db()
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id));
}

type EntryRow = Awaited<ReturnType<typeof selectEntries>>[number];

function toEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorName: row.actorName ?? actorLabel(row.details),
    actorEmail: row.actorName ? row.actorEmail : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: targetLabel(row.details),
  };
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  /** What is wrong with the period asked for (nothing is listed then), or null. */
  problem: string | null;
}

/** One page of the filtered trail, newest first, and how many entries the filters find. */
export async function listAuditEntries({
  page,
  filters,
}: {
  page: number;
  filters: AuditFilters;
}): Promise<AuditPage> {
  const period = auditPeriod(filters);
  if (!period.ok) return { entries: [], total: 0, problem: period.message };
  const where = await filtersCondition(filters, period);
  const [rows, total] = await Promise.all([
    selectEntries(where)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db().select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: total[0]?.n ?? 0, problem: null };
}

/**
 * The whole filtered trail, newest first, `size` entries at a time: each batch continues after
 * the last one's (at, id), so a long trail is never in memory at once and an entry written
 * during the export neither shifts nor repeats the rest (as OFFSET would). A bad period throws:
 * callers check auditPeriod first.
 */
export async function* auditEntryBatches(
  filters: AuditFilters,
  size = 500,
): AsyncGenerator<AuditEntry[]> {
  const period = auditPeriod(filters);
  if (!period.ok) throw new Error(period.message);
  const where = await filtersCondition(filters, period);
  let after: { cursor: string; id: number } | null = null;
  for (;;) {
    const rows: EntryRow[] = await selectEntries(
      and(
        where,
        after
          ? sql`${auditLog.at} <= ${after.cursor}::timestamptz and (${auditLog.at} < ${after.cursor}::timestamptz or ${auditLog.id} < ${after.id})`
          : undefined,
      ),
    ).limit(size);
    if (rows.length > 0) yield rows.map(toEntry);
    const last = rows.at(-1);
    if (!last || rows.length < size) return;
    after = { cursor: last.cursor, id: last.id };
  }
}

type Details = Record<string, unknown> | null;

/** An entry without actor: the account holder themselves, or an admin deleted since. */
function actorLabel(details: Details): string {
  return details?.by === "self" ? NO_ACTOR_LABELS.self : NO_ACTOR_LABELS.removed;
}

/** The record's name when the action kept it; a self-deleted account keeps only its profile. */
function targetLabel(details: Details): string {
  if (typeof details?.name === "string") return details.name;
  if (details?.profile === "VOLUNTEER") return "Conta de voluntário";
  if (details?.profile === "INSTITUTION") return "Conta de instituição";
  return "";
}
