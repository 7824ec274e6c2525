import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { axeViolations } from "../helpers/axe";
import { browserForFile, watchPageProblems } from "../helpers/browser";
import { POLL } from "../helpers/wait";

/**
 * The shared production server in Chromium, as a person sees it: roles and accessible names
 * only, no CSS selectors, no fixed waits. At a phone width (390 px) and a desktop width (1280 px).
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();

const VIEWPORTS = [
  { label: "390 px", width: 390, height: 844 },
  { label: "1280 px", width: 1280, height: 800 },
];

describe.each(VIEWPORTS)("at $label", ({ width, height }) => {
  let context: BrowserContext;
  let page: Page;
  let problems: () => string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, locale: "pt-BR" });
  });

  afterAll(async () => {
    await context?.close();
  });

  async function open(path: string) {
    page = await context.newPage();
    problems = watchPageProblems(page);
    const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
    return response;
  }

  it("home page shows the header links, the footer links and nothing broken", async () => {
    const response = await open("/");
    expect(response?.status()).toBe(200);
    const banner = page.getByRole("banner");
    await expect
      .poll(() => banner.getByRole("link", { name: "Entrar" }).isVisible(), POLL.server)
      .toBe(true);
    expect(await banner.getByRole("link", { name: "Cadastre-se" }).isVisible()).toBe(true);
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Termos de uso" }).isVisible()).toBe(true);
    expect(await footer.getByRole("link", { name: "Política de privacidade" }).isVisible()).toBe(
      true,
    );
    expect(await page.locator("html").getAttribute("lang")).toBe("pt-BR");

    expect(await axeViolations(page)).toEqual([]);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("404 page offers a way back that lands on the home page", async () => {
    const response = await open("/esta-pagina-nao-existe");
    expect(response?.status()).toBe(404);
    const heading = page.getByRole("heading", { level: 1, name: "Página não encontrada" });
    expect(await heading.isVisible()).toBe(true);

    expect(await axeViolations(page)).toEqual([]);

    await page
      .getByRole("main")
      .getByRole("link", { name: /página inicial/i })
      .click();
    await page.waitForURL(`${baseUrl}/`);
    await heading.waitFor({ state: "detached" });
    expect(await page.getByRole("banner").getByRole("link", { name: "Entrar" }).isVisible()).toBe(
      true,
    );
    expect(problems()).toEqual([]);
    await page.close();
  });
});

describe("the axe helper", () => {
  it("finds what a page gets wrong, on a page and again after the page changes", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    expect(await axeViolations(page)).toEqual([]);
    // The same document, now with an image without a text and a nameless button.
    await page.evaluate(() => {
      document
        .querySelector("main")
        ?.insertAdjacentHTML(
          "beforeend",
          '<img src="/favicon.ico"><button type="button"></button>',
        );
    });
    const violations = await axeViolations(page);
    expect(violations.map((violation) => violation.id)).toEqual(
      expect.arrayContaining(["image-alt", "button-name"]),
    );
    // Each says where: the first, quicker run names no elements, the second one does.
    const imageAlt = violations.find((violation) => violation.id === "image-alt");
    expect(imageAlt?.targets).toEqual([`img[src$="favicon.ico"]`]);
    // A new document (axe is put in again).
    await page.setContent('<html lang="pt-BR"><title>t</title><main><img src="x"></main></html>');
    expect((await axeViolations(page)).map((violation) => violation.id)).toContain("image-alt");
    await context.close();
  });
});
