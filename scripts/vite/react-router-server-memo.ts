import path from "node:path";
import type { Plugin } from "vite";

/**
 * The server bundle's React Router stops rebuilding, on every request, what depends only on the
 * build (ADR 0054): it matched each page's path against the 62 routes three times (trying every
 * ranked branch in order), rebuilt the server route table (createServerRoutes) and converted it
 * again into data routes (createStaticRouter). Those took 9-16 % of a rendered page's CPU.
 *
 * Since ADR 0057 it also renders a link to a plain path as the anchor React Router would have
 * made, without resolving it through the route and location on the server (see "Link").
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
    name: "createEntryRouteModules",
    // The request's table of route modules, made from the build's routes for every request:
    // made once per build, frozen so that no request can change what the next one reads.
    find: `function createEntryRouteModules(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`,
    replace: `const __entryRouteModules = new WeakMap();
function createEntryRouteModules(manifest) {
  return __routeMemo.oncePer(__entryRouteModules, manifest, [], () => Object.freeze(createEntryRouteModulesEachTime(manifest)));
}
function createEntryRouteModulesEachTime(manifest) {
  return Object.keys(manifest).reduce((memo, routeId) => {`,
  },
  {
    name: "createServerRoutes",
    // Called once per render with the build's manifest and its modules table (one per build
    // since the edit above).
    find: `function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "",`,
    replace: `const __serverRoutes = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  if (rest.length > 0) return createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ...rest);
  return __routeMemo.oncePer(__serverRoutes, manifest, [future, isSpaMode, routeModules], () => createServerRoutesEachTime(manifest, routeModules, future, isSpaMode));
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
  {
    name: "Link",
    // A server-rendered link to a plain absolute path is `<a href={to}>` whatever the route and
    // location (server/route-memo.ts, isPlainLink); React Router resolved it through five hooks,
    // a JSON round trip of the route's pathnames and a click handler no server uses, for each
    // of a page's 30-50 links, after copying its props apart (ADR 0057). The check comes before
    // that copy; anything else takes React Router's own way, LinkWithRef unchanged. The hook
    // behind the check depends on the props only, so an element calls the same hooks each time.
    find: `var Link = React10.forwardRef(
  function LinkWithRef({`,
    replace: `var Link = React10.forwardRef(function LinkOnServer(props, forwardedRef) {
  if (__routeMemo.isPlainLink(props) && React10.useContext(NavigationContext).basename === "/")
    return React10.createElement("a", __routeMemo.plainAnchorProps(props));
  return LinkWithRef(props, forwardedRef);
});
var LinkWithRef = (
  function LinkWithRef({`,
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
