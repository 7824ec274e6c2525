import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./server";

/**
 * The routes declared in app/routes.ts right now, read from its source so tests follow routes
 * that other issues add: a guard-matrix row or a test waiting for a route runs as soon as the
 * route exists, and a new protected route without a row is noticed.
 */
export interface DeclaredRoute {
  /** As written in app/routes.ts, e.g. "app/eventos/:id/editar". */
  path: string;
  /** React Router's route id, e.g. "routes/app.voluntario" (what `_routes` names). */
  id: string;
}

export function declaredRoutes(): DeclaredRoute[] {
  const source = readFileSync(path.join(PROJECT_ROOT, "app/routes.ts"), "utf8");
  return [...source.matchAll(/\broute\(\s*"([^"]+)"\s*,\s*"([^"]+)"/g)].map((match) => ({
    path: match[1] ?? "",
    id: (match[2] ?? "").replace(/\.(tsx?|jsx?)$/, ""),
  }));
}

export function routeExists(routePath: string): boolean {
  return declaredRoutes().some((route) => route.path === routePath);
}

/** Routes behind a guard (SPEC.md 2): everything under app/ and admin/, except the admin login. */
export function protectedRoutes(): DeclaredRoute[] {
  return declaredRoutes().filter(
    (route) =>
      (route.path.startsWith("app/") ||
        route.path === "admin" ||
        route.path.startsWith("admin/")) &&
      route.path !== "admin/login",
  );
}

/** Routes whose module exports an action (they take POSTs), as written in app/routes.ts. */
export function routesWithActions(): string[] {
  return declaredRoutes()
    .filter((route) => {
      const file = ["tsx", "ts"]
        .map((ext) => path.join(PROJECT_ROOT, "app", `${route.id}.${ext}`))
        .find((candidate) => existsSync(candidate));
      return file && /export (async )?function action\b/.test(readFileSync(file, "utf8"));
    })
    .map((route) => route.path);
}
