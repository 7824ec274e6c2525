import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseSync, Visitor } from "rolldown/utils";
import { expect, it } from "vitest";

/**
 * vite.config.ts groups browser modules into chunks by their path under app/, so moving a file
 * can silently move it out of its chunk: the landing page then loads more JavaScript (docs/design.md
 * 9, tests/e2e/a11y-landing-javascript.test.ts) or a page more requests. The browser build
 * records which app modules each group's chunk holds (build/client-chunk-groups.json); every
 * module listed here must still be in its group. After a deliberate move, update the group's
 * pattern in vite.config.ts and its line here together. A new module may join a group freely.
 */
const INTENDED: Record<string, string[]> = {
  /** The frame of every page and the cards: what the landing page needs, and no more. */
  shell: [
    "components/layout/error-illustration.tsx",
    "components/layout/error-state.tsx",
    "components/layout/flash-message.tsx",
    "components/layout/logo-mark.tsx",
    "components/layout/site-footer.tsx",
    "components/layout/site-header.tsx",
    "components/layout/site-nav.tsx",
    "components/layout/use-public-config.ts",
    "components/public/card-styles.ts",
    "components/public/event-card.tsx",
    "components/public/institution-card.tsx",
    "components/public/page-meta.ts",
    "components/public/responsive-image.tsx",
    "components/ui/avatar.tsx",
    "components/ui/button-styles.ts",
    "components/ui/class-names.ts",
    "components/ui/default-images.ts",
    "components/ui/email-text.tsx",
    "components/ui/icon.tsx",
    "components/ui/icons-common.tsx",
    "components/ui/section-heading.tsx",
    "components/ui/toast.tsx",
    "components/ui/use-hydrated.ts",
    "config/constants.ts",
    "events/event-dates.ts",
    "lib/nonce.tsx",
  ],
  /** The sign-in and sign-up pages' frame and the form hook. */
  "account-forms": [
    "auth/password-messages.ts",
    "components/auth/auth-page.tsx",
    "components/auth/credentials-form.tsx",
    "forms/form-validation.ts",
  ],
  /**
   * The rest of the design system and the public parts that two or more pages share (the group's
   * minShareCount): a part only one page uses rides in that page's chunk. Since the component
   * gallery left the production build, the CNPJ field (sign-up only) and the refresh button
   * (admin only) are such parts.
   */
  ui: [
    "components/public/back-home-link.tsx",
    "components/public/detail-aside.tsx",
    "components/public/detail-error-boundary.tsx",
    "components/public/directory-filters.tsx",
    "components/public/empty-state.tsx",
    "components/public/infinite-list.tsx",
    "components/public/json-ld.tsx",
    "components/public/legal/legal-page.tsx",
    "components/public/list-results.tsx",
    "components/public/list-search-form.tsx",
    "components/public/structured-data.ts",
    "components/public/use-infinite-pages.ts",
    "components/ui/action-card.tsx",
    "components/ui/address-block.tsx",
    "components/ui/apply-mask.ts",
    "components/ui/back-button.tsx",
    "components/ui/city-select.tsx",
    "components/ui/click-guard.ts",
    "components/ui/date-field.tsx",
    "components/ui/email-input.tsx",
    "components/ui/error-message.tsx",
    "components/ui/field.tsx",
    "components/ui/icons-more.tsx",
    "components/ui/icons.tsx",
    "components/ui/image-upload.tsx",
    "components/ui/localities.ts",
    "components/ui/password-input.tsx",
    "components/ui/phone-field.tsx",
    "components/ui/primary-button.tsx",
    "components/ui/profile-card.tsx",
    "components/ui/radio-group.tsx",
    "components/ui/select-field.tsx",
    "components/ui/spinner.tsx",
    "components/ui/state-city-fields.tsx",
    "components/ui/state-select.tsx",
    "components/ui/text-area.tsx",
    "components/ui/text-input.tsx",
    "components/ui/two-button-row.tsx",
    "forms/masks.ts",
    "geo/address.ts",
    "images/image-messages.ts",
    "lists/list-query.ts",
  ],
};

const recorded = JSON.parse(
  readFileSync(path.resolve("build/client-chunk-groups.json"), "utf8"),
) as Record<string, string[]>;

it.each(Object.entries(INTENDED))("keeps its modules in the %s chunk", (group, modules) => {
  const missing = modules.filter((module) => !recorded[group]?.includes(module));
  expect(missing, `app modules that left the ${group} chunk`).toEqual([]);
});

it("keeps Zod and the form schemas out of the grouped chunks (ADR 0010)", () => {
  const grouped = Object.values(recorded).flat();
  expect(grouped.filter((module) => /schema|field-rules|zod/.test(module))).toEqual([]);
});

it("loads Zod on no page before its form is used: no route imports it statically (ADR 0010)", () => {
  // A field that imports a limit or a message from a schema module brings Zod (~20 KB gzip)
  // into its page's first load: the sign-up and the volunteer home did, through the age rules
  // and the causes' fields. Limits and texts live in Zod-free modules; schemas load on demand.
  const assets = path.resolve("build/client/assets");
  const withZod = readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .filter((file) => readFileSync(path.join(assets, file), "utf8").includes("ZodError"))
    .map((file) => `/assets/${file}`);
  expect(withZod.length, "the chunk that holds Zod").toBeGreaterThan(0);
  const manifestFile = readdirSync(assets).find((file) => file.startsWith("manifest-"));
  const source = readFileSync(path.join(assets, String(manifestFile)), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as {
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const eager = Object.entries(manifest.routes)
    .filter(([, route]) =>
      [route.module, ...(route.imports ?? [])].some((file) => withZod.includes(file)),
    )
    .map(([id]) => id);
  expect(eager).toEqual([]);
});

it("builds no Intl formatter in the browser outside the admin pages", () => {
  // The first pt-BR formatter loads the browser's locale data (~15-25 ms here, several times that
  // on a phone): public and member pages format numbers and dates by hand (app/lib/count-text.ts,
  // app/events/event-dates.ts). Admin pages are not budgeted by Lighthouse and may use Intl.
  const assets = path.resolve("build/client/assets");
  const users = readdirSync(assets)
    .filter((file) => file.endsWith(".js") && !file.startsWith("admin."))
    .filter((file) =>
      /\bIntl\.|\.toLocale(?:String|DateString|TimeString)\(/.test(
        readFileSync(path.join(assets, file), "utf8"),
      ),
    );
  expect(users).toEqual([]);
});

it("compiles object spread out of the server bundle (ADR 0063)", () => {
  // On Node 20's V8 the objects a spread copy is given outlive young-generation collections:
  // vite.config.ts builds the server for ES2017, where a spread is a helper call. A target
  // raised later, or a file built apart from that setting, would bring them back.
  const server = path.resolve("build/server");
  const files = [
    path.join(server, "index.js"),
    ...readdirSync(path.join(server, "assets"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => path.join(server, "assets", file)),
  ];
  const spreads: string[] = [];
  for (const file of files) {
    const { program, errors } = parseSync(file, readFileSync(file, "utf8"));
    expect(errors, file).toEqual([]);
    new Visitor({
      ObjectExpression(node) {
        for (const property of node.properties) {
          if (property.type === "SpreadElement")
            spreads.push(`${path.basename(file)}:${property.start}`);
        }
      },
    }).visit(program);
  }
  expect(files.length).toBeGreaterThan(1);
  expect(spreads).toEqual([]);
});
