import path from "node:path";
import type { Plugin } from "vite";

/**
 * The server bundle's React Router stops rebuilding, on every request, what depends only on the
 * build (ADR 0054): it matched each page's path against the 62 routes three times (trying every
 * ranked branch in order), rebuilt the server route table (createServerRoutes) and converted it
 * again into data routes (createStaticRouter). Those took 9-16 % of a rendered page's CPU.
 *
 * React Router has no option for this, so the build edits its production module, in the server
 * environment only (the browser's router patches its routes as it discovers them, and keeps its
 * own code). Each edit names the exact text it replaces; when React Router's code changes, the
 * build fails here, so an upgrade is reviewed rather than silently left unmemoised.
 */
const MEMO_MODULE = path.resolve(import.meta.dirname, "../../server/route-memo.ts");
const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[A-Z0-9]+\.mjs$/;

export interface Edit {
  name: string;
  find: string;
  replace: string;
}

export const EDITS: Edit[] = [
  {
    name: "matchRoutesImpl",
    // Branches passed in are the build's ranked list: the branch that matched a path before is
    // the one that matches it again (server/route-memo.ts, matchFirstBranch).
    find: `  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
    replace: `  let decoded = decodePath(pathname);
  if (precomputedBranches) return __routeMemo.matchFirstBranch(branches, decoded, allowPartial === true, matchRouteBranch);
  for (let i = 0; matches == null && i < branches.length; ++i) {`,
  },
  {
    name: "createServerRoutes",
    // Called once per render with the build's manifest; the modules object is made anew for
    // each request but holds the same modules.
    find: `function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "",`,
    replace: `const __serverRoutes = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  if (rest.length > 0) return createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ...rest);
  return __routeMemo.oncePer(__serverRoutes, manifest, [future, isSpaMode, ...Object.entries(routeModules).flat()], () => createServerRoutesEachTime(manifest, routeModules, future, isSpaMode));
}
function createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, parentId = "",`,
  },
  {
    name: "createStaticRouter",
    find: `function createStaticRouter(routes, context, opts = {}) {
  let manifest = {};
  let dataRoutes = convertRoutesToDataRoutes(
    routes,
    mapRouteProperties,
    void 0,
    manifest
  );`,
    replace: `const __staticRoutes = new WeakMap();
function createStaticRouter(routes, context, opts = {}) {
  let { manifest, dataRoutes } = __routeMemo.oncePer(__staticRoutes, routes, [], () => {
    let manifest = {};
    let dataRoutes = convertRoutesToDataRoutes(routes, mapRouteProperties, void 0, manifest);
    return { manifest, dataRoutes };
  });`,
  },
];

/** Applies the edits found in `code`; returns the new code and the names of those applied. */
export function applyEdits(code: string): { code: string; applied: string[] } {
  const applied: string[] = [];
  let edited = code;
  for (const edit of EDITS) {
    const at = edited.indexOf(edit.find);
    if (at < 0) continue;
    if (edited.indexOf(edit.find, at + 1) >= 0)
      throw new Error(`react-router-server-memo: "${edit.name}" is there twice`);
    edited = edited.slice(0, at) + edit.replace + edited.slice(at + edit.find.length);
    applied.push(edit.name);
  }
  if (applied.length === 0) return { code, applied };
  return {
    code: `import * as __routeMemo from ${JSON.stringify(MEMO_MODULE)};\n${edited}`,
    applied,
  };
}

export function reactRouterServerMemo(): Plugin {
  let applied: string[] = [];
  return {
    name: "react-router-server-memo",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      applied = [];
    },
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      const result = applyEdits(code);
      if (result.applied.length === 0) return null;
      applied.push(...result.applied);
      return { code: result.code, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missing = EDITS.map((edit) => edit.name).filter((name) => !applied.includes(name));
      if (missing.length > 0)
        throw new Error(
          `react-router-server-memo: React Router's code changed, ${missing.join(", ")} not found (ADR 0054)`,
        );
    },
  };
}
