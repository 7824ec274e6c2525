import type { BrowserContext } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { browserForFile } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure, PHONE } from "../helpers/members";
import { waitFor } from "../helpers/wait";
import { listCards, openPage } from "./public-support";

/**
 * docs/decisions/0059: the server keeps the HTML of the cards, the cause chips and the footer the
 * first time it renders them and writes that HTML when they come back, on any page. A page must
 * be the same bytes either way (the browser hydrates it with the real components), and a page
 * whose parts are all kept must keep nothing new. The server logs each part it keeps at debug
 * level ("prepared html kept").
 */

let server: FixtureServer<"ong1" | "ong2" | "ong3">;
let fences = 0;
const browser = browserForFile();

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      ong1: { kind: "institution", status: "APPROVED", name: 'Instituto Mãos & Vozes "do" Bem' },
      ong2: { kind: "institution", status: "APPROVED", name: "Associação <Amigos> do Bairro" },
      ong3: { kind: "institution", status: "APPROVED", name: "Casa de Apoio Xapuri" },
    },
    events: [
      { key: "e1", institution: "ong1", name: "Mutirão de leitura & escrita", status: "APPROVED" },
      {
        key: "e2",
        institution: "ong2",
        name: "Oficina <online> de apoio",
        status: "APPROVED",
        format: "ONLINE",
      },
    ],
    env: { LOG_LEVEL: "debug" },
  });
}, 120_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await server?.stop();
});

const keptParts = () =>
  server.logEntries().filter((entry) => entry.msg === "prepared html kept").length;

/**
 * Waits until the server's log holds a request sent after everything before it: the parts a
 * page keeps are rendered right after that page, before the server reads its next request.
 */
async function fence() {
  const path = `/cerca-${++fences}`;
  await (await fetch(`${server.url}${path}`)).arrayBuffer();
  await waitFor(() => server.logEntries().some((entry) => entry.path === path), {
    message: `the fence request ${path} in the log`,
  });
}

/** The page at `path` with a probe parameter `value` (the page cache keeps neither). */
async function page(path: string, value: string) {
  const separator = path.includes("?") ? "&" : "?";
  const response = await fetch(`${server.url}${path}${separator}sonda=${value}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return html.replaceAll(/nonce="[^"]*"/g, 'nonce=""').replaceAll(`sonda=${value}`, "sonda=");
}

describe("prepared HTML (ADR 0059)", () => {
  it("pages are the same bytes when their parts come from what the server kept", async () => {
    for (const path of [
      "/instituicoes",
      "/instituicoes?causa=educacao&causa=saude",
      "/instituicoes?busca=m%C3%A3os",
      "/eventos",
      "/",
      "/termos-de-uso",
    ]) {
      await fence();
      const before = keptParts();
      const cold = await page(path, "c1");
      await fence();
      const kept = keptParts();
      const warm = await page(path, "c2");
      await fence();
      expect(warm, path).toBe(cold);
      // The footer is kept by the first page and shared by all of them.
      if (path === "/instituicoes") expect(kept, path).toBeGreaterThan(before);
      expect(keptParts(), `${path}: the second render kept nothing new`).toBe(kept);
    }
  });

  it("a page made of kept parts hydrates without a problem and its links navigate", async () => {
    await page("/instituicoes", "b1");
    await fence();
    const context: BrowserContext = await browser.newContext({ viewport: PHONE, locale: "pt-BR" });
    try {
      const { page: tab, problems } = await openPage(
        context,
        `${server.url}/instituicoes?sonda=b2`,
      );
      const cards = listCards(tab, "Instituições encontradas");
      await expect.poll(() => cards.count()).toBe(3);
      // Hydrated: the phone menu is a button (tests/helpers/sized-page.ts). A marker on the
      // window survives only client-side navigation.
      await tab.locator("button[aria-expanded]").first().waitFor({ state: "attached" });
      await tab.evaluate(() => Object.assign(window, { sameDocument: true }));
      // The fixture's institutions have no cause: the chip leads to the empty list, and back.
      await tab.getByRole("link", { name: "Educação", exact: true }).click();
      await tab.waitForURL((url) => url.searchParams.getAll("causa").includes("educacao"));
      await expect.poll(() => cards.count()).toBe(0);
      await tab.goBack();
      await expect.poll(() => cards.count()).toBe(3);
      await tab
        .getByRole("link", { name: /^Saiba mais sobre Instituto Mãos/ })
        .first()
        .click();
      await expect
        .poll(() => tab.getByRole("heading", { level: 1 }).textContent())
        .toBe('Instituto Mãos & Vozes "do" Bem');
      expect(await tab.evaluate(() => "sameDocument" in window)).toBe(true);
      expect(problems()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
