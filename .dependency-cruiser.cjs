/**
 * The house's layers (docs/decisions/0019-house-layout.md), checked by `npm run lint`.
 *
 * From top to bottom; an import may only point down (or sideways inside its own layer):
 *   web:        app/routes/, app/routes.ts, app/root.tsx, app/entry.server.tsx, and app/web/
 *               (the request plumbing routes share: guards, session, flash, form reading)
 *   components: app/components/
 *   domain:     every other folder of app/ (accounts, admin, events, forms, institutions, ...);
 *               domain folders may import each other, but never in a circle
 *   base:       app/lib/, app/db/, app/config/ (lib imports nothing else from app/; config may
 *               import lib; db may import config and lib)
 */
const web = "^app/(routes/|web/|routes\\.ts$|root\\.tsx$|entry\\.server\\.tsx$)";
const components = "^app/components/";
const base = "^app/(lib|db|config)/";
const domain = "^app/(?!routes/|web/|components/|lib/|db/|config/)[^/]+/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "components-above-web",
      comment: "Components are below routes: a component never imports a route or the root.",
      severity: "error",
      from: { path: components },
      to: { path: web },
    },
    {
      name: "domain-above-ui",
      comment: "Domain code is below the UI: it never imports a component or a route.",
      severity: "error",
      from: { path: domain },
      to: { path: [components, web] },
    },
    {
      name: "base-is-the-bottom",
      comment: "lib/, db/ and config/ are the bottom layer: they import nothing else from app/.",
      severity: "error",
      from: { path: base },
      to: { path: "^app/", pathNot: base },
    },
    {
      name: "lib-imports-no-app",
      comment: "lib/ is the very bottom: helpers with no other app imports, usable anywhere.",
      severity: "error",
      from: { path: "^app/lib/" },
      to: { path: "^app/", pathNot: "^app/lib/" },
    },
    {
      name: "config-below-db",
      comment: "config/ reads the environment; the database client reads config, not the reverse.",
      severity: "error",
      from: { path: "^app/config/" },
      to: { path: "^app/db/" },
    },
    {
      name: "no-folder-cycles",
      comment: "Folders never import each other in a circle (e.g. accounts <-> institutions).",
      severity: "error",
      scope: "folder",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Modules never import each other in a circle.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-react-router-below-web",
      comment:
        "Domain and base code take plain input and return plain values; only the web layer " +
        "speaks HTTP through react-router.",
      severity: "error",
      from: { path: [domain, base] },
      to: { path: "^node_modules/react-router/" },
    },
    {
      name: "no-server-modules-in-components",
      comment:
        "Components run in the browser too: they may import a .server module's types, never " +
        "its code.",
      severity: "error",
      from: { path: components },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: ["^app/", "^node_modules/react-router/"],
    exclude: { path: ["\\.test\\.tsx?$", "^app/db/migrations/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
