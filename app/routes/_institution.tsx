import { Outlet } from "react-router";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/_institution";

/** The institution's own pages, whatever its review status (docs/spec.md 2). */
export const middleware: Route.MiddlewareFunction[] = [requireUser("INSTITUTION")];

export default function InstitutionArea() {
  return <Outlet />;
}
