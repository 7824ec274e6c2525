import type { ServerBuild } from "react-router";

/**
 * The label a request is counted under in the metrics (ADR 0074): the pattern of the route that
 * answers it ("/eventos/:id", "/app/eventos/:id/horas"), never the path itself, which carries ids,
 * names and whatever a client typed. Anything that is not a route of the app is one of a few
 * fixed words, so a scanner trying ten thousand paths adds no series.
 *
 * The patterns are compiled once from the build's route manifest and ranked as React Router ranks
 * its branches (static segments over dynamic ones, index routes first): its own `matchRoutes`
 * flattens and ranks every route again on each call, which cost a cached page two thirds of its
 * throughput when it labelled every request (docs/benchmarks.md, "Metrics").
 */
export type RouteLabeller = (pathname: string) => string;

/** React Router's data requests ("/eventos/x.data", "/_root.data") are labelled as their page. */
const DATA_SUFFIX = ".data";
const ROOT_DATA = "/_root.data";

type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;

interface CompiledPattern {
  label: string;
  regex: RegExp;
  score: number;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** React Router's computeScore: static 10, dynamic 3, empty 1, a splat -2, an index +2. */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

/** The app's catch-all ("*"): its page is the not-found page, whatever was asked for. */
const CATCH_ALL = "/*";

/** A pattern as React Router's compilePath reads it: any number of trailing slashes, any case. */
function compile(path: string, index: boolean): CompiledPattern {
  const segments = path.split("/").filter(Boolean);
  const splat = segments.at(-1) === "*";
  const source = (splat ? segments.slice(0, -1) : segments)
    .map((segment) => {
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${escapeRegex(segment)}`;
    })
    .join("");
  const tail = !splat ? "/*" : source === "" ? "/.*" : "(?:/.+|/*)";
  const label = `/${segments.join("/")}`;
  return {
    label: label === CATCH_ALL ? "not-found" : label,
    regex: new RegExp(`^${source}${tail}$`, "i"),
    score: scoreOf(segments, index),
  };
}

/** Every route that answers a path of its own (a path, or an index), with its full pattern. */
function patternsOf(manifest: ServerBuild["routes"]): CompiledPattern[] {
  const routes = Object.values(manifest).filter(
    (route): route is ManifestRoute => route !== undefined,
  );
  const patterns: CompiledPattern[] = [];
  const walk = (parentId: string | undefined, prefix: string) => {
    for (const route of routes.filter((candidate) => candidate.parentId === parentId)) {
      const path = route.path ? `${prefix}/${route.path}` : prefix;
      if (route.index || route.path) patterns.push(compile(path, route.index === true));
      walk(route.id, path);
    }
  };
  walk(undefined, "");
  // Highest score first; among equals, the manifest's order, as React Router keeps it.
  return patterns
    .map((pattern, order) => ({ pattern, order }))
    .sort((a, b) => b.pattern.score - a.pattern.score || a.order - b.order)
    .map(({ pattern }) => pattern);
}

export function createRouteLabeller(build: Pick<ServerBuild, "routes">): RouteLabeller {
  const patterns = patternsOf(build.routes);
  const patternOf = (pathname: string) =>
    patterns.find((pattern) => pattern.regex.test(pathname))?.label;
  return (pathname) => {
    if (pathname === ROOT_DATA) return `/${DATA_SUFFIX}`;
    if (pathname.endsWith(DATA_SUFFIX)) {
      const page = patternOf(pathname.slice(0, -DATA_SUFFIX.length));
      return page ? `${page}${DATA_SUFFIX}` : "not-found";
    }
    return patternOf(pathname) ?? "not-found";
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A request's method as a label: the standard ones by name, anything else as "other". */
export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "other";
}
