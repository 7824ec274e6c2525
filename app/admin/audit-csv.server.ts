import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { csvStream } from "~/lib/csv.server";
import { AUDIT_ACTION_LABELS, type AuditAction } from "./audit-actions";
import { type AuditFilters, targetTypeLabel } from "./audit-trail";
import { type AuditEntry, auditEntryBatches } from "./audit-trail.server";

/** The audit section's "Exportar CSV": the filtered trail, every page of it, newest first. */

export const AUDIT_CSV_HEADER = ["Data/hora", "Quem", "Ação", "Tipo", "Registro", "ID"];

const parts = new Intl.DateTimeFormat("pt-BR", {
  timeZone: BRAZIL_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "26/11/2026 14:05:09" in Brasília time: a spreadsheet in Portuguese reads it as a date. */
export function brazilDateTime(iso: string): string {
  const part = Object.fromEntries(
    parts.formatToParts(new Date(iso)).map((piece) => [piece.type, piece.value]),
  );
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

export function auditCsvRow(entry: AuditEntry): string[] {
  return [
    brazilDateTime(entry.at),
    entry.actorEmail ? `${entry.actorName} (${entry.actorEmail})` : entry.actorName,
    AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action,
    targetTypeLabel(entry.targetType),
    entry.targetName,
    entry.targetId,
  ];
}

async function* csvBatches(filters: AuditFilters): AsyncGenerator<string[][]> {
  for await (const batch of auditEntryBatches(filters)) yield batch.map(auditCsvRow);
}

/** The CSV's bytes as a stream, read from the database a batch at a time. */
export function auditCsvStream(filters: AuditFilters): Promise<ReadableStream<Uint8Array>> {
  return csvStream(AUDIT_CSV_HEADER, csvBatches(filters));
}

/** "auditoria-2026-11-26.csv": the day of the export in Brasília. */
export function auditCsvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_TIME_ZONE }).format(now);
  return `auditoria-${day}.csv`;
}
