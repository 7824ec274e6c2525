import type { FormError } from "~/forms/form-validation";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { retryAfterHeaders } from "./retry-after";

/** The HTTP status each kind of domain refusal answers with. */
const STATUS: Record<AppErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "rate-limited": 429,
  unavailable: 503,
};

/** How a route answers a domain refusal: the form error to show, its status and headers. */
export interface Refusal {
  error: FormError;
  status: number;
  headers?: HeadersInit;
}

/** The status (and Retry-After) of a refusal of kind `code`. */
export function answerFor(
  code: AppErrorCode,
  retryAfterSeconds?: number,
): { status: number; headers?: HeadersInit } {
  return {
    status: STATUS[code],
    headers: retryAfterSeconds === undefined ? undefined : retryAfterHeaders(retryAfterSeconds),
  };
}

/**
 * The one translation from AppError to an answer, for every route: the error's pt-BR message on
 * its field (or `field`, "form" by default), the code's status, and Retry-After when the error
 * says how long to wait. Null for anything that is not an AppError (a bug: the route logs it).
 */
export function refusalOf(error: unknown, field = "form"): Refusal | null {
  if (!(error instanceof AppError)) return null;
  return {
    error: { field: error.field ?? field, message: error.message },
    ...answerFor(error.code, error.retryAfterSeconds),
  };
}
