import { findApplicationTarget } from "~/applications/applications.server";
import { homePathFor, type SessionUser } from "~/auth/session-user";

const APPLICATION_FORM = "/app/seja-voluntario";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Far more than `/app/seja-voluntario?id=<uuid>` needs; anything longer is not ours. */
const MAX_LENGTH = 200;

/**
 * The one return address honoured after a sign-in (docs/spec.md "Login"): the application form of an
 * institution, `/app/seja-voluntario?id=<uuid>`. Anything else, whatever its encoding (another
 * origin, `//host`, `/\host`, `javascript:`, line breaks or other control characters, `..`
 * segments, percent-escapes, an overlong value), is not a return address: null. The address
 * given back is rebuilt from the parsed id, never the text that came in, so it is always a safe
 * Location header.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return null;
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
 * Where a person goes after signing in: back to the application form they were sent away from,
 * otherwise their home.
 */
export function afterLoginPath(redirectTo: unknown, user: SessionUser): string {
  return safeReturnPath(redirectTo) ?? homePathFor(user);
}

/**
 * The name of the institution a return address leads to the application form of, if it is one
 * that receives applications: the sign-in and sign-up pages say why the person is there.
 */
export async function returnTargetName(returnPath: string | null): Promise<string | null> {
  if (!returnPath) return null;
  const id = new URL(returnPath, "http://return.invalid").searchParams.get("id") ?? "";
  return (await findApplicationTarget(id))?.name ?? null;
}
