import { type FieldChange, fieldChanges } from "~/lib/field-changes";
import { formatIsoDate } from "./event-dates";
import { EVENT_FORMAT_LABELS, type EventFormat } from "./event-format";

/**
 * What an institution changed in one of its events, as the admins read it (the audit trail),
 * and whether the change moves the event in time or space: the one place that compares an
 * event before and after a save (issue 14).
 */

/** An event's texts as stored (date yyyy-MM-dd, complement empty when none). */
export interface EventFieldValues {
  name: string;
  eventDate: string;
  resume: string;
  about: string;
  format: EventFormat;
  uf: string;
  city: string;
  street: string;
  number: string;
  neighborhood: string;
  complete: string;
}

/** The form's labels, in its order. */
export const EVENT_FIELD_LABELS: Readonly<Record<keyof EventFieldValues, string>> = {
  name: "Nome do evento",
  eventDate: "Data do evento",
  resume: "Resumo",
  about: "Sobre o evento",
  format: "Formato",
  uf: "Estado",
  city: "Cidade",
  street: "Logradouro",
  number: "Número",
  neighborhood: "Bairro",
  complete: "Complemento",
};

/** The fields that say when and where: changing one may send an approved event back to review. */
const WHEN_AND_WHERE: readonly (keyof EventFieldValues)[] = [
  "eventDate",
  "uf",
  "city",
  "street",
  "number",
  "neighborhood",
  "complete",
];

const readable = (values: EventFieldValues): Record<keyof EventFieldValues, string> => ({
  ...values,
  eventDate: formatIsoDate(values.eventDate),
  format: EVENT_FORMAT_LABELS[values.format],
});

export function eventChanges(
  before: EventFieldValues,
  after: EventFieldValues,
  coverReplaced: boolean,
): { changes: FieldChange[]; dateOrPlaceChanged: boolean } {
  const changes = fieldChanges(EVENT_FIELD_LABELS, readable(before), readable(after));
  if (coverReplaced) {
    changes.push({
      field: "Foto de capa do evento",
      before: "Foto anterior",
      after: "Foto alterada",
    });
  }
  return {
    changes,
    dateOrPlaceChanged: WHEN_AND_WHERE.some((field) => before[field] !== after[field]),
  };
}
