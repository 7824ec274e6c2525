import { redirect } from "react-router";

/** SPEC.md: /admin goes to the dashboard (whose guard decides who may see it). */
export function loader() {
  return redirect("/admin/dashboard");
}
