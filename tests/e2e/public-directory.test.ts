import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { browserForFile } from "../helpers/browser";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";
import { detailLinks, listCards, openPage, scrollToBottom, VIEWPORTS } from "./public-support";

/**
 * The institution directory and an institution's page on the shared server's demo data
 * (34 approved institutions: a first page of 20, a second of 14).
 */
const baseUrl = inject("baseUrl");
const LIST = "Instituições encontradas";
const APPROVED_IN_DEMO = 34;
/** Of them, those in São Paulo that take online volunteers. */
const ONLINE_IN_SP_IN_DEMO = 3;
const browser = browserForFile();

async function search(page: Page, term: string) {
  const box = page.getByRole("searchbox", { name: "Buscar" });
  await box.fill(term);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("busca") === term);
}

describe("directory with JavaScript", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "pt-BR" });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("shows the title, the search box (50 characters) and the way back home", async () => {
    const { page, status, problems } = await openPage(context, `${baseUrl}/instituicoes`);
    expect(status).toBe(200);
    expect(
      await page.getByRole("heading", { level: 1, name: "Instituições beneficentes" }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole("searchbox", { name: "Buscar" }).getAttribute("maxlength")).toBe(
      "50",
    );
    expect(await page.getByRole("link", { name: "Voltar para início" }).getAttribute("href")).toBe(
      "/",
    );
    const first = listCards(page, LIST).first();
    expect(await first.getByRole("heading").isVisible()).toBe(true);
    expect(await first.getByRole("link", { name: /^Saiba mais sobre / }).isVisible()).toBe(true);
    expect(await first.locator("img").count()).toBe(2); // cover and logo
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("finds an institution by a query typed without accents or capitals", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    await search(page, "maos que ajudam");
    // Full-text since ADR 0028: other texts with "mão" and "ajudar" may follow; the name first.
    await expect
      .poll(
        async () => (await listCards(page, LIST).getByRole("heading").allInnerTexts())[0],
        POLL.ui,
      )
      .toEqual("Instituto Mãos que Ajudam");
    await search(page, "SAO PAULO");
    await expect
      .poll(() => listCards(page, LIST).allInnerTexts(), POLL.ui)
      .toContainEqual(expect.stringContaining("São Paulo/SP"));
    await page.close();
  });

  it("shows the empty state when nothing matches", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes?busca=xyzzy%20inexistente`);
    expect(await page.getByText("Nenhuma instituição encontrada").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Limpar busca e filtros" }).isVisible()).toBe(true);
    await page.close();
  });

  it("loads the second page when scrolled near the end and stops at the last", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/instituicoes") apiCalls.push(request.url());
    });
    const cards = listCards(page, LIST);
    expect(await cards.count()).toBe(20);
    await scrollToBottom(page);
    await expect.poll(() => cards.count(), POLL.server).toBe(APPROVED_IN_DEMO);
    await expect
      .poll(() => page.getByText("Você chegou ao fim da lista.").isVisible(), POLL.server)
      .toBe(true);
    await scrollToBottom(page);
    await page.getByText("Você chegou ao fim da lista.").scrollIntoViewIfNeeded();
    expect(apiCalls).toEqual([`${baseUrl}/api/instituicoes?pagina=2`]);
    // Every institution once, in name order (the database's code-point order, like sort()).
    const names = await cards.getByRole("heading").allInnerTexts();
    expect(new Set(names).size).toBe(APPROVED_IN_DEMO);
    expect(names).toEqual([...names].sort());
    await page.close();
  });

  it("keeps the state and volunteering type filters in the URL", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    await page.getByText("Filtros", { exact: true }).click();
    await page.getByRole("combobox", { name: "Estado" }).selectOption("SP");
    await page.getByRole("combobox", { name: "Tipo de voluntariado" }).selectOption("Online");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL(
      (url) => url.searchParams.get("uf") === "SP" && url.searchParams.get("tipo") === "Online",
    );
    // React Router moves the address first and renders the new list in a transition after it,
    // so the cards are read once they have been replaced: every place in SP, none elsewhere.
    const places = listCards(page, LIST).locator("p", { hasText: /\/[A-Z]{2}$/ });
    await expect
      .poll(async () => (await places.allInnerTexts()).map((place) => place.slice(-3)), POLL.server)
      .toEqual(Array(ONLINE_IN_SP_IN_DEMO).fill("/SP"));
    // The URL alone restores the filters (a shared link, a reload).
    await page.reload();
    expect(await page.getByRole("combobox", { name: "Estado" }).inputValue()).toBe("SP");
    expect(await page.getByRole("combobox", { name: "Tipo de voluntariado" }).inputValue()).toBe(
      "Online",
    );
    await page.close();
  });

  it("shows the spec's toasts, top right, for five seconds, when the next page fails", async () => {
    for (const failure of [
      {
        kind: "server error",
        message: "Não foi possível obter as instituições com os filtros aplicados.",
      },
      { kind: "network error", message: "Erro inesperado ao buscar instituições." },
    ]) {
      const { page } = await openPage(context, `${baseUrl}/instituicoes`);
      await page.route("**/api/instituicoes?**", (route) =>
        failure.kind === "server error"
          ? route.fulfill({ status: 500, body: "{}", contentType: "application/json" })
          : route.abort("failed"),
      );
      await scrollToBottom(page);
      const toast = page.getByText(failure.message);
      await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(true);
      const shownAt = Date.now();
      const box = await toast.boundingBox();
      expect(box?.y).toBeLessThan(100);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan(1280 - 120);
      expect(await page.getByRole("button", { name: "Tentar novamente" }).isVisible()).toBe(true);
      await expect.poll(() => toast.isVisible(), { timeout: 10_000 }).toBe(false);
      expect(Date.now() - shownAt).toBeGreaterThan(4_000);
      await page.close();
    }
  });
});

describe("directory without JavaScript", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
      javaScriptEnabled: false,
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("pages through real ?pagina= links", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    const cards = listCards(page, LIST);
    expect(await cards.count()).toBe(20);
    const firstPage = await detailLinks(page, "/instituicoes/");
    await page.getByRole("link", { name: "Próxima página" }).click();
    await page.waitForURL(`${baseUrl}/instituicoes?pagina=2`);
    expect(await cards.count()).toBe(APPROVED_IN_DEMO - 20);
    expect(await page.getByRole("link", { name: "Próxima página" }).count()).toBe(0);
    const secondPage = await detailLinks(page, "/instituicoes/");
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    await page.getByRole("link", { name: "Página anterior" }).click();
    await page.waitForURL(`${baseUrl}/instituicoes`);
    expect(await cards.count()).toBe(20);
    await page.close();
  });

  it("searches with the plain form", async () => {
    const { page } = await openPage(context, `${baseUrl}/instituicoes`);
    await page.getByRole("searchbox", { name: "Buscar" }).fill("maos que ajudam");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("busca") === "maos que ajudam");
    // Ranked since ADR 0028: the institution named so comes first (polled: React Router moves
    // the address before it renders the new list).
    await expect
      .poll(
        async () => (await listCards(page, LIST).getByRole("heading").allInnerTexts())[0],
        POLL.ui,
      )
      .toBe("Instituto Mãos que Ajudam");
    await page.close();
  });
});

describe("search that finds causes, with the count of results", () => {
  /** The polite live region above the list: "34 instituições". */
  const countOf = (page: Page) => page.getByRole("status").filter({ hasText: /instituiç/ });

  for (const viewport of VIEWPORTS) {
    it(`counts the list and finds the animal-protection institutions for "animais" at ${viewport.label}`, async () => {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: "pt-BR",
      });
      const { page, problems } = await openPage(context, `${baseUrl}/instituicoes`);
      expect(await countOf(page).textContent()).toBe(`${APPROVED_IN_DEMO} instituições`);
      await search(page, "animais");
      const names = listCards(page, LIST).getByRole("heading");
      // The search's results, not the whole list still on screen while React renders them.
      await expect
        .poll(async () => {
          const text = (await countOf(page).textContent()) ?? "";
          const count = Number.parseInt(text, 10);
          return (
            /^\d+ instituiç(ão|ões)$/.test(text) &&
            count !== APPROVED_IN_DEMO &&
            count === (await names.count())
          );
        }, POLL.ui)
        .toBe(true);
      const shown = await names.allInnerTexts();
      // Every institution of the demo's animal cause (their names say so) is among the results.
      for (const name of ["ONG Quatro Patas", "Associação Protetores dos Animais"]) {
        expect(shown).toContain(name);
      }
      const count = Number.parseInt((await countOf(page).textContent()) ?? "", 10);
      expect(count).toBe(shown.length);
      await expectNoAxeViolations(page, `/instituicoes?busca=animais at ${viewport.label}`);
      await shot(page, `busca/instituicoes-animais-${viewport.width}`);
      expect(problems()).toEqual([]);
      await context.close();
    });
  }

  it("shows the count without JavaScript, in the singular for one", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
      javaScriptEnabled: false,
    });
    const { page } = await openPage(context, `${baseUrl}/instituicoes?busca=maos%20que%20ajudam`);
    expect(await countOf(page).textContent()).toMatch(/^\d+ instituiç(ão|ões)$/);
    // Best match first: the name that holds every word.
    expect(await listCards(page, LIST).getByRole("heading").first().textContent()).toBe(
      "Instituto Mãos que Ajudam",
    );
    await page.goto(`${baseUrl}/instituicoes?busca=Instituto%20M%C3%A3os%20que%20Ajudam&uf=SP`);
    expect(await countOf(page).textContent()).toBe("1 instituição");
    await context.close();
  });
});

describe("institution page", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pt-BR" });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("shows banner, logo, name, city/UF, summary, about, address and 'Quero fazer parte'", async () => {
    const directory = await openPage(context, `${baseUrl}/instituicoes?busca=maos%20que%20ajudam`);
    const [href] = await detailLinks(directory.page, "/instituicoes/");
    await directory.page.close();
    const id = href?.split("/").at(-1);

    const { page, status, problems } = await openPage(context, `${baseUrl}${href}`);
    expect(status).toBe(200);
    expect(await page.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe(
      "/instituicoes",
    );
    expect(
      await page.getByRole("heading", { level: 1, name: "Instituto Mãos que Ajudam" }).isVisible(),
    ).toBe(true);
    expect(await page.getByRole("img", { name: "Logo de Instituto Mãos que Ajudam" }).count()).toBe(
      1,
    );
    const banner = page.locator("main img").first();
    expect(await banner.getAttribute("fetchpriority")).toBe("high");
    expect(await banner.getAttribute("width")).not.toBeNull();
    expect(await page.getByText("Sorocaba/SP").first().isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Sobre a instituição" }).isVisible()).toBe(true);
    expect(await page.locator("address").textContent()).toMatch(/\d/);
    const join = page.getByRole("link", { name: "Quero fazer parte" });
    expect(await join.first().getAttribute("href")).toBe(`/app/seja-voluntario?id=${id}`);
    expect(problems()).toEqual([]);

    // A visitor is asked to sign in first, and comes back to the application form.
    await join.first().click();
    await page.waitForURL((url) => url.pathname === "/auth/login");
    await page.close();
  });

  it("answers 404 for a malformed or unknown id", async () => {
    for (const id of ["nao-e-um-id", "00000000-0000-4000-8000-000000000000"]) {
      const { page, status } = await openPage(context, `${baseUrl}/instituicoes/${id}`);
      expect(status).toBe(404);
      expect(
        await page.getByRole("heading", { level: 1, name: "Página não encontrada" }).isVisible(),
      ).toBe(true);
      await page.close();
    }
  });
});
