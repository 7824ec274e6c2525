import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../helpers/browser";
import { expectFinishedPage } from "../helpers/layout";
import { POLL } from "../helpers/wait";
import { detailLinks, icsSpan, openPage, parseIcs, VIEWPORTS } from "./public-support";

/**
 * "Compartilhar" on the institution and event pages (issue 15, item 5): a WhatsApp link with the
 * page's address, "Copiar link" once the page runs, and the Google Calendar link beside the .ics
 * with the same days. On the shared server's demo data, at a phone's and a desktop's width.
 */
const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function firstDetail(context: BrowserContext, list: "/instituicoes" | "/eventos") {
  const { page } = await openPage(context, `${baseUrl}${list}`);
  const [href] = await detailLinks(page, `${list}/` as "/instituicoes/" | "/eventos/");
  await page.close();
  if (!href) throw new Error(`the demo lists nothing under ${list}`);
  return href;
}

async function expectShareArea(page: Page, pagePath: string) {
  const share = page.getByRole("region", { name: "Compartilhar" });
  const whatsapp = share.getByRole("link", { name: "Compartilhar no WhatsApp (abre em nova aba)" });
  const target = new URL((await whatsapp.getAttribute("href")) ?? "");
  expect(target.origin).toBe("https://wa.me");
  expect(target.searchParams.get("text")).toContain(`${baseUrl}${pagePath}`);
  expect(await whatsapp.getAttribute("rel")).toContain("noopener");
  // "Copiar link" appears once the page runs, and puts the page's address on the clipboard.
  const copy = share.getByRole("button", { name: "Copiar link" });
  await expect.poll(() => copy.isVisible(), POLL.server).toBe(true);
  await copy.click();
  await expect.poll(() => page.getByText("Link copiado.").isVisible(), POLL.server).toBe(true);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}${pagePath}`);
}

/** Nothing wider than its box, no axe violation, nothing broken; a screenshot to look at. */
async function expectFinished(page: Page, problems: () => string[], path: string, name: string) {
  await expectFinishedPage(page, problems, path, `compartilhar/${name}`);
  await page.close();
}

describe.each(VIEWPORTS)("sharing at $label", ({ width, height, label }) => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width, height }, locale: "pt-BR" });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("an event page offers WhatsApp, copy link and both calendars with the same days", async () => {
    const path = await firstDetail(context, "/eventos");
    const { page, problems } = await openPage(context, `${baseUrl}${path}`);
    const google = page.getByRole("link", {
      name: "Adicionar ao Google Agenda (abre em nova aba)",
    });
    const link = new URL((await google.getAttribute("href")) ?? "");
    const ics = parseIcs(await (await fetch(`${baseUrl}${path}/calendario.ics`)).text());
    const { start, end } = icsSpan(ics);
    expect(start).not.toBe("");
    expect(link.searchParams.get("dates")).toBe(`${start}/${end}`);
    expect(link.searchParams.get("text")).toBe(ics.get("SUMMARY"));
    expect(link.searchParams.get("ctz")).toBe("America/Sao_Paulo");
    await expectShareArea(page, path);
    await expectFinished(page, problems, path, `evento-${label.replace(" ", "")}`);
  });

  it("an institution page offers WhatsApp and copy link", async () => {
    const path = await firstDetail(context, "/instituicoes");
    const { page, problems } = await openPage(context, `${baseUrl}${path}`);
    await expectShareArea(page, path);
    await expectFinished(page, problems, path, `instituicao-${label.replace(" ", "")}`);
  });
});
