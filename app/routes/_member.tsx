import { Outlet } from "react-router";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/_member";

/** Pages of any signed-in USER, volunteer or institution (docs/spec.md 2). */
export const middleware: Route.MiddlewareFunction[] = [requireUser()];

export default function MemberArea() {
  return <Outlet />;
}
