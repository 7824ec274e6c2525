import { homePathFor, type SessionUser } from "~/auth/session-user";

const APPLICATION_FORM = "/app/seja-voluntario";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An event's page, where "Quero participar" sent an anonymous visitor to sign in (issue 15). */
export const EVENT_PAGE =
  /^\/eventos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Far more than `/app/seja-voluntario?id=<uuid>` needs; anything longer is not ours. */
const MAX_LENGTH = 200;

/**
 * The return addresses honoured after a sign-in (docs/spec.md "Login"): the application form of an
 * institution, `/app/seja-voluntario?id=<uuid>`, and an event's page, `/eventos/<uuid>` (issue
 * 15: "Quero participar" from an anonymous visitor). Anything else, whatever its encoding (another
 * origin, `//host`, `/\host`, `javascript:`, line breaks or other control characters, `..`
 * segments, percent-escapes, an overlong value), is not a return address: null. The address
 * given back is rebuilt from the parsed id, never the text that came in, so it is always a safe
 * Location header.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
  const event = EVENT_PAGE.exec(value);
  if (event) return `/eventos/${event[1]?.toLowerCase()}`;
  // Printable ASCII without spaces: a real return address is percent-encoded where it needs to be.
  if (!/^[\x21-\x7e]+$/.test(value) || !value.startsWith(`${APPLICATION_FORM}?`)) return null;
  let url: URL;
  try {
    url = new URL(value, "http://return.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://return.invalid" || url.pathname !== APPLICATION_FORM) return null;
  const ids = url.searchParams.getAll("id");
  const [id] = ids;
  if (ids.length !== 1 || !id || !UUID.test(id)) return null;
  return `${APPLICATION_FORM}?id=${id.toLowerCase()}`;
}

/**
 * Where a person goes after signing in: back to the application form or event they were sent
 * away from, otherwise their home.
 */
export function afterLoginPath(redirectTo: unknown, user: SessionUser): string {
  return safeReturnPath(redirectTo) ?? homePathFor(user);
}

/** Why the person is signing in: to apply to an institution, or to take part in an event. */
export type ReturnTarget = { purpose: "apply" | "join"; name: string };

/** The sentence the sign-in page shows for a return target. */
export function signInReason(target: ReturnTarget | null): string | null {
  if (!target) return null;
  return target.purpose === "apply"
    ? `Entre ou crie sua conta para se candidatar à instituição ${target.name}.`
    : `Entre ou crie sua conta para participar de "${target.name}".`;
}

/** The sentence the sign-up wizard shows for a return target. */
export function signUpReason(target: ReturnTarget | null): string | null {
  if (!target) return null;
  return target.purpose === "apply"
    ? `Crie sua conta para se candidatar à instituição ${target.name}. Depois do cadastro, você volta para a candidatura.`
    : `Crie sua conta para participar de "${target.name}". Depois do cadastro, você volta para o evento.`;
}
