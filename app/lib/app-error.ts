/**
 * The one error domain code throws for a refusal the person should hear about (a record that is
 * gone, a duplicate, a limit reached). `message` is the pt-BR text docs/spec.md gives for it; the code
 * says what kind of refusal it is, and the route answers with the status the code stands for
 * (web/app-error.server.ts). Anything else thrown is a bug: logged, and answered as a failure.
 */
export type AppErrorCode =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "rate-limited"
  | "unavailable";

export interface AppErrorDetails {
  /** The form field the refusal is about, when there is one. */
  field?: string;
  /** For "rate-limited" and "unavailable": how long to wait before trying again. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  override name = "AppError";
  readonly field?: string;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: AppErrorCode,
    message: string = code,
    details: AppErrorDetails = {},
  ) {
    super(message);
    if (details.field !== undefined) this.field = details.field;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}
