import { redirect } from "~/web/redirect.server";

/** Read-only: a POST gets a plain 405 (app/lib/refuse-writes.server.ts). */
export { refuseWrites as action } from "~/lib/refuse-writes.server";

/** docs/spec.md: /admin goes to the dashboard. */
export function loader() {
  return redirect("/admin/dashboard");
}
