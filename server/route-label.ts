import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The label a request is counted under in the metrics (ADR 0074): the pattern of the route that
 * answers it ("/eventos/:id", "/app/eventos/:id/horas"), never the path itself, which carries ids,
 * names and whatever a client typed. Anything that is not a route of the app is one of a few
 * fixed words, so a scanner trying ten thousand paths adds no series.
 */
export type RouteLabeller = (pathname: string) => string;

/** React Router's data requests ("/eventos/x.data", "/_root.data") are labelled as their page. */
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

/** The build's flat route manifest as the nested objects matchRoutes walks. */
function nestedRoutes(manifest: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(manifest)
    .filter((route): route is ManifestRoute => route?.parentId === parentId)
    .map((route) => {
      const children = nestedRoutes(manifest, route.id);
      return route.index
        ? { id: route.id, path: route.path, index: true }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    });
}

function patternOf(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  // A splat ("*") is the not-found page: one label, whatever was asked for.
  if (matches.some((match) => match.route.path === "*")) return null;
  const segments = matches
    .map((match) => match.route.path)
    .filter((path): path is string => Boolean(path));
  return `/${segments.join("/")}`.replace(/\/{2,}/g, "/");
}

export function createRouteLabeller(build: Pick<ServerBuild, "routes">): RouteLabeller {
  const routes = nestedRoutes(build.routes);
  return (pathname) => {
    if (pathname === ROOT_DATA) return `/${DATA_SUFFIX}`;
    if (pathname.endsWith(DATA_SUFFIX)) {
      const page = patternOf(routes, pathname.slice(0, -DATA_SUFFIX.length));
      return page ? `${page}${DATA_SUFFIX}` : "not-found";
    }
    return patternOf(routes, pathname) ?? "not-found";
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A request's method as a label: the standard ones by name, anything else as "other". */
export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "other";
}
