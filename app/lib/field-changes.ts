import { sameText } from "./plain-text";

/**
 * One field a person changed, as they read it: its label and the values before and after
 * (the same shape as the `FieldChange` stored in institutions.resubmission_changes and in the
 * audit trail's details).
 */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/**
 * The fields whose value differs between `before` and `after`, in the order of `labels`, each
 * named by its label. Values are compared as a person reads them: two texts that differ only
 * in line endings (CRLF against LF), in Unicode normalisation (NFC against NFD) or in spaces
 * around them are the same (the text rule, ADR 0066); two spellings of the same phone must be
 * normalised by the caller first.
 */
export function fieldChanges<K extends string>(
  labels: Readonly<Record<K, string>>,
  before: Readonly<Record<K, string>>,
  after: Readonly<Record<K, string>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const key of Object.keys(labels) as K[]) {
    if (!sameText(before[key], after[key])) {
      changes.push({ field: labels[key], before: before[key], after: after[key] });
    }
  }
  return changes;
}
