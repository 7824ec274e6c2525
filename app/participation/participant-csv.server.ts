import { brazilDateTime } from "~/admin/audit-csv.server";
import { BRAZIL_TIME_ZONE } from "~/config/constants";
import { displayPhone } from "~/forms/masks";
import { csvStream } from "~/lib/csv.server";
import { listParticipants, type Participant } from "./participant-list.server";
import { PARTICIPATION_STATUS_LABELS } from "./participation-labels";

/**
 * "Exportar CSV" of an event's list (issue 15, item 3): everyone who joined, those who left
 * too (by name and status only, ADR 0072), with their status in Portuguese, in the house's CSV format (ADR 0037: BOM, ";", formulas
 * escaped, Brasília time).
 */

export const PARTICIPANT_CSV_HEADER = [
  "Nome",
  "E-mail",
  "Telefone",
  "Cidade",
  "Situação",
  "Posição na lista de espera",
  "Inscrição em",
];

export function participantCsvRow(person: Participant): string[] {
  return [
    person.name,
    person.email ?? "",
    // "(81) 98765-4321": a cell starting with "+" would be taken for a formula and escaped.
    person.phone ? displayPhone(person.phone).replace(/^\+55 /, "") : "",
    person.city ?? "",
    PARTICIPATION_STATUS_LABELS[person.status],
    person.position === null ? "" : String(person.position),
    brazilDateTime(person.joinedAt.toISOString()),
  ];
}

async function* oneBatch(eventId: string): AsyncGenerator<string[][]> {
  yield (await listParticipants(eventId)).map(participantCsvRow);
}

/** The caller has checked that the event is the institution's own. */
export function participantCsvStream(eventId: string): Promise<ReadableStream<Uint8Array>> {
  return csvStream(PARTICIPANT_CSV_HEADER, oneBatch(eventId));
}

/** "participantes-2026-12-01.csv": the day of the export in Brasília. */
export function participantCsvFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: BRAZIL_TIME_ZONE }).format(now);
  return `participantes-${day}.csv`;
}
