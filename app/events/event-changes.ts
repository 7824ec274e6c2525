import { causeLabel, skillLabel } from "~/config/causes";
import { type FieldChange, fieldChanges } from "~/lib/field-changes";
import { sameText } from "~/lib/plain-text";
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
  /** 'HH:MM', '' for a whole-day event. */
  startTime: string;
  endTime: string;
  /** '' for no limit. */
  places: string;
  onlineLink: string;
  /** Slugs joined by commas, as the form's text value (ADR 0045). */
  causes: string;
  skills: string;
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
  startTime: "Horário de início",
  endTime: "Horário de término",
  places: "Vagas para voluntários",
  onlineLink: "Link da atividade online",
  causes: "Causas",
  skills: "Habilidades desejáveis",
};

/** The fields that say when and where: changing one may send an approved event back to review. */
const WHEN_AND_WHERE: readonly (keyof EventFieldValues)[] = [
  "eventDate",
  "startTime",
  "endTime",
  "uf",
  "city",
  "street",
  "number",
  "neighborhood",
  "complete",
];

/** The labels of the fields above, as changes name them. */
export const MOVE_FIELDS: ReadonlySet<string> = new Set(
  WHEN_AND_WHERE.map((field) => EVENT_FIELD_LABELS[field]),
);

const readable = (values: EventFieldValues): Record<keyof EventFieldValues, string> => ({
  ...values,
  eventDate: formatIsoDate(values.eventDate),
  format: EVENT_FORMAT_LABELS[values.format],
  startTime: values.startTime || "Dia inteiro",
  endTime: values.endTime || "Dia inteiro",
  places: values.places || "Sem limite",
  causes: labelList(values.causes, causeLabel),
  skills: labelList(values.skills, skillLabel),
});

const labelList = (slugs: string, label: (slug: string) => string) =>
  slugs ? slugs.split(",").map(label).join(", ") : "Nenhuma";

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
    dateOrPlaceChanged: WHEN_AND_WHERE.some((field) => !sameText(before[field], after[field])),
  };
}

/** Two spellings a reader takes for the same place: Unicode form, spaces and letter case aside. */
const comparable = (value: string) =>
  value.normalize("NFC").replace(/\s+/g, " ").trim().toLocaleLowerCase("pt-BR");

/**
 * The date, time and place changes between two versions of an event, as participants read them
 * (ADR 0068): what a notice tells after a window of edits. A value changed and changed back, or
 * re-typed with other spaces or capitals, is no change.
 */
export function netMoves(before: EventFieldValues, after: EventFieldValues): FieldChange[] {
  const moved = WHEN_AND_WHERE.filter(
    (field) => comparable(before[field]) !== comparable(after[field]),
  );
  if (moved.length === 0) return [];
  const labels = new Set(moved.map((field) => EVENT_FIELD_LABELS[field]));
  return eventChanges(before, after, false).changes.filter((change) => labels.has(change.field));
}
