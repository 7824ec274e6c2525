import { Outlet } from "react-router";
import { requireApprovedInstitution } from "~/web/institution-guard.server";
import type { Route } from "./+types/_approved-institution";

/** Inside the institution's area: what only an APPROVED institution may do (its events). */
export const middleware: Route.MiddlewareFunction[] = [requireApprovedInstitution];

export default function ApprovedInstitutionArea() {
  return <Outlet />;
}
