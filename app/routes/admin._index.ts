import { redirect } from "react-router";
import { requireAdmin } from "~/auth/guards.server";
import type { Route } from "./+types/admin._index";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

// Every admin route module checks the role itself, this redirect too (issue 6, point 9).
export const middleware: Route.MiddlewareFunction[] = [requireAdmin];

/** SPEC.md: /admin goes to the dashboard. */
export function loader() {
  return redirect("/admin/dashboard");
}
