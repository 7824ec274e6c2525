import { writeFileSync } from "node:fs";
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { precompressClient } from "./scripts/vite/precompress-client.ts";
import { reactRouterServerMemo } from "./scripts/vite/react-router-server-memo.ts";

/**
 * Browser chunks. Left to the default split, every page preloaded ~28 tiny modules; on a phone
 * over HTTP/1.1 they queue six at a time and held the first paint back by about half a second
 * (Lighthouse: FCP 2.4 s -> 1.9 s), so modules are grouped by who needs them:
 * - framework: React and React Router (every page);
 * - shell: the site's frame (header, footer, toasts, error state), the cards and the common
 *   icons: what the landing page and every public page show, and nothing more, because the
 *   landing page must stay within 120 KB of gzipped JavaScript (docs/design.md 9;
 *   tests/e2e/a11y-landing-javascript.test.ts);
 * - ui: the rest of the design system and the public components that pages share (form
 *   controls, lists, filters, detail asides, the other icons): one chunk rather than several,
 *   since the directories use form controls and the forms use public parts;
 * - account-forms: the sign-in and sign-up pages' frame and the form hook, three small modules
 *   that otherwise cost /auth/login three more requests.
 * A module matching several groups goes to the highest priority; the framework comes first,
 * otherwise a group would take the framework modules its members import. Zod and the schemas
 * are in none of these: forms load them after the page is shown (ADR 0010).
 */
/** A group test on the module's path inside app/, with forward slashes on every system. */
const inApp = (pattern: RegExp) => (id: string) => {
  const match = /[\\/]app[\\/](.*)$/.exec(id);
  return match ? pattern.test(match[1]?.replaceAll("\\", "/") ?? "") : false;
};

const codeSplitting = {
  groups: [
    {
      name: "framework",
      priority: 5,
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
    },
    {
      name: "shell",
      priority: 4,
      test: inApp(
        /^(components\/layout\/|components\/ui\/(toast|prepared|use-hydrated|avatar|button-styles|class-names|email-text|icon|icons-common|section-heading|default-images)\.|components\/public\/(event-card|institution-card|card-styles|responsive-image|page-meta)\.|lib\/nonce\.|lib\/count-text\.|config\/constants\.|events\/event-dates\.|images\/image-widths\.)/,
      ),
    },
    {
      name: "account-forms",
      priority: 2,
      test: inApp(/^(components\/auth\/|forms\/form-validation\.|auth\/password-messages\.)/),
    },
    {
      name: "ui",
      priority: 3,
      minShareCount: 2,
      test: inApp(
        // The institution page itself (public page and preview) is not a shared part: in this
        // group, every directory visitor would download it.
        /^(components\/(ui|public)\/(?!institution-page\.)|lists\/|forms\/masks\.|geo\/address\.|images\/image-messages\.)/,
      ),
    },
  ],
};

/**
 * The groups above are path patterns, so moving a file can silently move it out of its chunk.
 * After the browser build this writes build/client-chunk-groups.json (outside build/client, so
 * it is never served): each group's chunk and the app modules in it, relative to app/.
 * tests/e2e/build-chunks.test.ts checks the modules each group is meant to hold are still there.
 */
function recordChunkGroups(): Plugin {
  const names = new Set(codeSplitting.groups.map((group) => group.name));
  return {
    name: "record-chunk-groups",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      const groups: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk" || !names.has(chunk.name)) continue;
        groups[chunk.name] = chunk.moduleIds
          .map((id) => /[\\/]app[\\/](.*)$/.exec(id)?.[1]?.replaceAll("\\", "/"))
          .filter((id): id is string => id !== undefined)
          .sort();
      }
      const outDir = options.dir ?? "build/client";
      writeFileSync(
        path.join(outDir, "..", "client-chunk-groups.json"),
        `${JSON.stringify(groups, null, 2)}\n`,
      );
    },
  };
}

// The server build's entry is server/app.ts (the HTTP pipeline around React Router), so one
// bundle holds the app, the database client and the background jobs: one module instance each.
/**
 * React Router publishes a production build beside its development one, but its package exports
 * name only the development files (which log route warnings and do extra checks on every render).
 * A build points both imports at the production files (the server bundle then holds React
 * Router itself, ADR 0035).
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: "react-router/dist/production/index.mjs" },
  { find: /^react-router\/dom$/, replacement: "react-router/dist/production/dom-export.mjs" },
].map(({ find, replacement }) => ({
  find,
  replacement: path.resolve(import.meta.dirname, "node_modules", replacement),
}));

/**
 * The server bundle is compiled for ES2017 so that object spread (`{ ...match, shouldLoad }`, a
 * few hundred in React Router and the app) becomes a helper call. On Node 20's V8, objects that a
 * spread copy is given afterwards outlive young-generation collections until a full one: a
 * rendered directory page promoted 38-39 kB to the old generation with native spread, 23-26 with
 * the helper, for the same CPU (ADR 0063). Node runs ES2017 natively; the browser build keeps
 * Vite's default target.
 */
const SERVER_TARGET = "es2017";

export default defineConfig(({ command, isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? {
          input: "./server/app.ts",
          // Only the JavaScript: build.target would also lower the CSS the pages link to.
          transform: { target: SERVER_TARGET },
          // One server bundle: a form's schema is imported statically by its action and
          // dynamically by its component (ADR 0010); only the browser build splits on that, and
          // there the check stays on (a static import there would bring Zod with the page).
          // Rolldown's note on slow plugins (the browser files' compression takes seconds by
          // design, ADR 0062) is noise on every build, a first `npm start` included.
          checks: { ineffectiveDynamicImport: false, bundlerTimings: false },
        }
      : { output: { codeSplitting }, checks: { bundlerTimings: false } },
  },
  resolve: {
    tsconfigPaths: true,
    alias: command === "build" ? reactRouterProduction : [],
  },
  ssr: {
    // pdfkit reads its font metrics from files beside its own code (__dirname): not bundleable.
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer", "pdfkit", "qrcode"],
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    recordChunkGroups(),
    reactRouterServerMemo(),
    precompressClient(),
  ],
}));
