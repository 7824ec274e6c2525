import { Outlet } from "react-router";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/_admin";

/** The admin area (docs/spec.md 2): no session goes to /admin/login, anyone but an admin to /. */
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

export default function AdminArea() {
  return <Outlet />;
}
