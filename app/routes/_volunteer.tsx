import { Outlet } from "react-router";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/_volunteer";

/** The volunteer's own pages (docs/spec.md 2). */
export const middleware: Route.MiddlewareFunction[] = [requireUser("VOLUNTEER")];

export default function VolunteerArea() {
  return <Outlet />;
}
