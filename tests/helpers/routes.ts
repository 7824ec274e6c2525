import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routeConfig, { developmentRoutes } from "../../app/routes";
import { PROJECT_ROOT } from "./server";

/**
 * The route table of app/routes.ts as the production build has it (without the development
 * tools), so tests follow routes that other issues add: a guard-matrix row or a test waiting
 * for a route runs as soon as the route exists, and a new protected route without a row, or
 * outside a guard layout, is noticed.
 */
export interface DeclaredRoute {
  /** As written in app/routes.ts, e.g. "app/eventos/:id/editar". */
  path: string;
  /** React Router's route id, e.g. "routes/app.voluntario" (what `_routes` names). */
  id: string;
  /** The ids of the pathless layouts around it, outermost first, e.g. ["routes/_institution"]. */
  layouts: string[];
}

const routeId = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.(tsx?|jsx?)$/, "");

function flatten(entries: RouteConfigEntry[], layouts: string[]): DeclaredRoute[] {
  return entries.flatMap((entry) => {
    if (entry.path === undefined && !entry.index) {
      return flatten(entry.children ?? [], [...layouts, routeId(entry)]);
    }
    return [{ path: entry.path ?? "", id: routeId(entry), layouts }];
  });
}

export function declaredRoutes(): DeclaredRoute[] {
  const development = new Set(developmentRoutes.map(routeId));
  return flatten(routeConfig, []).filter((route) => !development.has(route.id));
}

export function routeExists(routePath: string): boolean {
  return declaredRoutes().some((route) => route.path === routePath);
}

/** Routes behind a guard (docs/spec.md 2): everything under app/ and admin/, except the admin login. */
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
