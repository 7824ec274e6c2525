/**
 * A list of chosen slugs (causes, skills) as a form's text value and back. Free of Zod, so the
 * checkbox fields can read it before the form's schemas load (ADR 0010); the lists' schemas are
 * in cause-fields.ts.
 */

/**
 * What a posted form echoes back over the saved values (a refused post without JavaScript): an
 * unchecked list posts nothing, so the echo says "none" instead of letting the saved choice
 * come back.
 */
export function echoedChoices(echoed: Record<string, string> | undefined): Record<string, string> {
  return echoed ? { causes: "", skills: "", ...echoed } : {};
}

/** A saved list as the form's text value (checkboxes read it back with `listValue`). */
export function listText(values: readonly string[]): string {
  return values.join(",");
}

/** The chosen slugs from a form's text value (saved, or echoed after a failed post). */
export function listValue(text: string | undefined): string[] {
  return text ? text.split(",").filter(Boolean) : [];
}
