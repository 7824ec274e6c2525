import { homePathFor, type SessionUser } from "./session.server";

/**
 * Where a person goes after signing in (SPEC.md "Login"): back to the application form they
 * were sent away from, otherwise their home. Only our own /app/seja-voluntario path is honoured,
 * so the parameter cannot send anyone to another site.
 */
export function afterLoginPath(redirectTo: string | null | undefined, user: SessionUser): string {
  if (redirectTo?.startsWith("/app/seja-voluntario") && !redirectTo.startsWith("//"))
    return redirectTo;
  return homePathFor(user);
}
