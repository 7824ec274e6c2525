import { Outlet } from "react-router";
import { requireInstitutionMember } from "~/web/institution-guard.server";
import type { Route } from "./+types/_institution";

/**
 * The institution's area, for every member of its team (issue 41), whatever its review status
 * (docs/spec.md 2): the guard sets who acts for which institution.
 */
export const middleware: Route.MiddlewareFunction[] = [requireInstitutionMember];

export default function InstitutionArea() {
  return <Outlet />;
}
