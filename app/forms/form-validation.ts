import { type FormEvent, useEffect, useRef, useState } from "react";
import type { z } from "zod";

/**
 * Forms show one message at a time, the first failing rule in the spec's order (docs/spec.md 5),
 * next to its field. The same Zod schema checks in the browser (instant, before posting) and in
 * the action (the real check), so both always agree. See docs/decisions/0006 and 0010.
 */
export interface FormError {
  /** The field the message belongs to; "form" for messages about the whole form. */
  field: string;
  message: string;
}

const LOCATION = new Set(["uf", "city"]);

export type FormResult<T> = { ok: true; data: T } | { ok: false; error: FormError };

/** FormData as a plain object; empty inputs (and empty file inputs) count as missing. */
function formValues(formData: FormData): Record<string, FormDataEntryValue> {
  const values: Record<string, FormDataEntryValue> = {};
  for (const [key, value] of formData) {
    const empty = typeof value === "string" ? value.trim() === "" : value.size === 0;
    if (!empty) values[key] = value;
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
  const issue = result.error.issues[0];
  return {
    ok: false,
    error: {
      field: String(issue?.path[0] ?? "form"),
      message: issue?.message ?? INVALID_DATA_MESSAGE,
    },
  };
}

/** Text values to refill a form after a failed post without JavaScript (never passwords or files). */
export function echoValues(
  formData: FormData,
  omit: readonly string[] = [],
): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !omit.includes(key) && !/password/i.test(key))
      echoed[key] = value;
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
  useEffect(() => {
    let mounted = true;
    // Zod's browser setting first: it is read when a schema is built, not when it is used.
    import("~/lib/zod-browser").then(loadSchemas).then(
      (loaded) => {
        if (mounted) schemas.current = loaded;
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
    const field = event.currentTarget.elements.namedItem(result.error.field);
    if (field instanceof HTMLElement) field.focus();
  };

  /** Editing the field a message is about clears the message (state and city count as one). */
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: string }).name;
    if (!error || !name) return;
    if (name === error.field || (LOCATION.has(name) && LOCATION.has(error.field))) setError(null);
  };

  /** The message for one field, if the current error is about it. */
  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return { error, onSubmit, onChange, errorFor };
}
