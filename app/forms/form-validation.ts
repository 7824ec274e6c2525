import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { FORM_WIDE_MISSING, missingFieldMessage } from "./missing-fields";

/**
 * The sign-up's forms show one message at a time, the first failing rule in the spec's order
 * (docs/spec.md 5), next to its field. Forms whose spec message for a missing field is one for
 * the whole form ("Informe todos os dados", "Preencha todos os campos") show that message once
 * and, beside it, every failing field's own message, all at once (forms/missing-fields.ts).
 * The same Zod schema checks in the browser (instant, before posting) and in the action (the
 * real check), so both always agree. See docs/decisions/0006 and 0010.
 */
export interface FormError {
  /** The field the message belongs to; "form" for messages about the whole form. */
  field: string;
  message: string;
  /** Every failing field's own message, in the form's order, when the message is form-wide. */
  fields?: Record<string, string>;
}

const LOCATION = new Set(["uf", "city"]);

export type FormResult<T> = { ok: true; data: T } | { ok: false; error: FormError };

/**
 * FormData as a plain object; empty inputs (and empty file inputs) count as missing. A key
 * posted several times (checkboxes: causes, skills) becomes a list.
 */
function formValues(formData: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const values: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const [key, value] of formData) {
    const empty = typeof value === "string" ? value.trim() === "" : value.size === 0;
    if (empty) continue;
    const before = values[key];
    values[key] =
      before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

export const INVALID_DATA_MESSAGE = "Verifique os dados informados.";

export function validateForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
): FormResult<z.output<S>> {
  // Our schemas word every rule a person can break; what only a forged post breaks (a file
  // where text goes, a field of the wrong type) gets this pt-BR text instead of Zod's English.
  const result = schema.safeParse(formValues(formData), { error: () => INVALID_DATA_MESSAGE });
  if (result.success) return { ok: true, data: result.data };
  const { issues } = result.error;
  const formWide = issues.find((issue) => FORM_WIDE_MISSING.has(issue.message));
  if (formWide) return { ok: false, error: everyField(issues, formWide.message) };
  const issue = issues[0];
  return {
    ok: false,
    error: {
      field: String(issue?.path[0] ?? "form"),
      message: issue?.message ?? INVALID_DATA_MESSAGE,
    },
  };
}

/** The form-wide message, and each failing field's first message (a missing one named). */
function everyField(issues: readonly z.core.$ZodIssue[], message: string): FormError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (field === "form" || fields[field] !== undefined) continue;
    fields[field] = FORM_WIDE_MISSING.has(issue.message)
      ? missingFieldMessage(field)
      : issue.message;
  }
  return { field: "form", message, fields };
}

/** Moves focus to the first field a failure names, in the form's order. */
function focusFirstFailing(form: HTMLFormElement, error: FormError): void {
  for (const name of error.fields ? Object.keys(error.fields) : [error.field]) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLElement) {
      field.focus();
      return;
    }
  }
}

/**
 * Text values to refill a form after a failed post without JavaScript (never passwords or
 * files); a key posted several times (checkboxes) joins its values with commas.
 */
export function echoValues(
  formData: FormData,
  omit: readonly string[] = [],
): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !omit.includes(key) && !/password/i.test(key))
      echoed[key] = echoed[key] === undefined ? value : `${echoed[key]},${value}`;
  }
  return echoed;
}

/**
 * Instant validation: checks the form with the schema before it is posted and, on a failure,
 * shows the first message and moves focus to its field. A message from the server (e.g.
 * "E-mail já cadastrado.") is shown the same way.
 *
 * The schema reaches the browser after the page is on screen (ADR 0010): `loadSchemas` imports
 * the module that holds it (a module-level constant, so it loads once) and `pickSchema` takes the
 * schema from it when the form is sent. Until it has loaded, or if it cannot load, the form posts
 * and the server answers with the same message from the same schema.
 */
export function useFormValidation<M, S extends z.ZodType>(
  loadSchemas: () => Promise<M>,
  pickSchema: (schemas: M) => S,
  serverError?: FormError | null,
) {
  const [error, setError] = useState<FormError | null>(serverError ?? null);
  useEffect(() => setError(serverError ?? null), [serverError]);

  const schemas = useRef<M | null>(null);
  const [checksInBrowser, setChecksInBrowser] = useState(false);
  useEffect(() => {
    let mounted = true;
    // Zod's browser setting first: it is read when a schema is built, not when it is used.
    import("~/lib/zod-browser").then(loadSchemas).then(
      (loaded) => {
        if (!mounted) return;
        schemas.current = loaded;
        setChecksInBrowser(true);
      },
      () => {
        // Offline or a new deployment: the server checks the same rules.
      },
    );
    return () => {
      mounted = false;
    };
  }, [loadSchemas]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!schemas.current) return;
    const result = validateForm(pickSchema(schemas.current), new FormData(event.currentTarget));
    if (result.ok) {
      setError(null);
      return;
    }
    event.preventDefault();
    setError(result.error);
    focusFirstFailing(event.currentTarget, result.error);
  };

  /**
   * Editing the field a message is about clears the message (state and city count as one); with
   * a message per field, that field's only, and the form-wide one with the last.
   */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (!error || !name) return;
    const same = (field: string) => name === field || (LOCATION.has(name) && LOCATION.has(field));
    if (!error.fields) {
      if (same(error.field)) setError(null);
      return;
    }
    const left = Object.fromEntries(Object.entries(error.fields).filter(([field]) => !same(field)));
    if (Object.keys(left).length === Object.keys(error.fields).length) return;
    setError(Object.keys(left).length > 0 ? { ...error, fields: left } : null);
  };

  /** The message for one field (or "form"), if the current error is about it. */
  const errorFor = (field: string) => {
    if (!error) return undefined;
    if (error.fields?.[field] !== undefined) return error.fields[field];
    return error.field === field ? error.message : undefined;
  };
  /**
   * What the form element takes: its handlers, and `data-checks` saying who checks it now
   * ("server" until the schema has loaded, then "browser"), so a test or a tool driving the page
   * can wait for the browser's checks instead of guessing from network quiet.
   */
  const formProps = {
    onSubmit,
    onChange,
    "data-checks": checksInBrowser ? "browser" : "server",
  } as const;
  return { error, onSubmit, errorFor, formProps };
}
