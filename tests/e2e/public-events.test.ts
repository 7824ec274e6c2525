import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser } from "../helpers/browser";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";
import {
  detailLinks,
  icsSpan,
  listCards,
  openPage,
  parseIcs,
  scrollToBottom,
  VIEWPORTS,
} from "./public-support";

/** The events list, an event's page and its calendar file, on the shared server's demo data. */
const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pt-BR" });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** "dd/MM/yyyy" → "yyyy-MM-dd", to compare dates as text. */
const isoOf = (date: string) => date.split("/").reverse().join("-");

async function firstUpcomingEvent(): Promise<string> {
  const { page } = await openPage(context, `${baseUrl}/eventos`);
  const [href] = await detailLinks(page, "/eventos/");
  await page.close();
  if (!href) throw new Error("the demo has no upcoming event");
  return href;
}

describe("events list", () => {
  it("lists upcoming events soonest first, each card with picture, title, description and date", async () => {
    const { page, status, problems } = await openPage(context, `${baseUrl}/eventos`);
    expect(status).toBe(200);
    expect(await page.getByRole("heading", { level: 1, name: "Eventos" }).isVisible()).toBe(true);
    expect(await page.getByRole("searchbox", { name: "Buscar" }).getAttribute("maxlength")).toBe(
      "50",
    );
    const cards = listCards(page, "Próximos eventos");
    await scrollToBottom(page);
    const dates = (await cards.locator("time").allInnerTexts()).map(isoOf);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort());
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format();
    for (const date of dates) expect(date >= today).toBe(true);
    const first = cards.first();
    expect(await first.locator("img").getAttribute("src")).toBeTruthy();
    expect(await first.getByRole("heading").textContent()).not.toBe("");
    expect(await first.getByRole("link", { name: /^Ver evento: / }).isVisible()).toBe(true);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("reaches past events through the period filter, latest first", async () => {
    const { page } = await openPage(context, `${baseUrl}/eventos`);
    await page.getByRole("link", { name: "Eventos passados" }).click();
    await page.waitForURL(`${baseUrl}/eventos?quando=passados`);
    await expect
      .poll(() => page.getByRole("link", { name: "Eventos passados" }).getAttribute("aria-current"))
      .toBe("page");
    const dates = (await listCards(page, "Eventos passados").locator("time").allInnerTexts()).map(
      isoOf,
    );
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    await page.close();
  });

  it("finds an event by a query without accents and shows the empty state otherwise", async () => {
    const { page } = await openPage(context, `${baseUrl}/eventos`);
    const cards = listCards(page, "Próximos eventos");
    const name = (await cards.first().getByRole("heading").textContent()) ?? "";
    const plain = name
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
    await page.getByRole("searchbox", { name: "Buscar" }).fill(plain);
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("busca") === plain);
    await expect
      .poll(() => cards.getByRole("heading").allInnerTexts(), POLL.server)
      .toContain(name);

    await page.goto(`${baseUrl}/eventos?busca=xyzzy%20inexistente`);
    expect(await page.getByText("Nenhum evento encontrado").isVisible()).toBe(true);
    await page.close();
  });

  it("filters by state", async () => {
    const { page } = await openPage(context, `${baseUrl}/eventos?uf=SP`);
    const places = await listCards(page, "Próximos eventos")
      .locator("p", { hasText: /\/[A-Z]{2}$/ })
      .allInnerTexts();
    for (const place of places) expect(place).toMatch(/\/SP$/);
    await page.close();
  });

  it("shows the spec's toasts when the next page cannot be loaded", async () => {
    const wide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    for (const failure of [
      {
        kind: "server error",
        message: "Não foi possível obter os eventos com os filtros aplicados.",
      },
      { kind: "network error", message: "Erro inesperado ao buscar eventos." },
    ]) {
      const { page } = await openPage(wide, `${baseUrl}/eventos`);
      // The demo has more than one page of upcoming events.
      expect(await listCards(page, "Próximos eventos").count()).toBe(20);
      await page.route("**/api/eventos?**", (route) =>
        failure.kind === "server error"
          ? route.fulfill({ status: 500, body: "{}", contentType: "application/json" })
          : route.abort("failed"),
      );
      await scrollToBottom(page);
      await expect.poll(() => page.getByText(failure.message).isVisible(), POLL.server).toBe(true);
      await page.close();
    }
    await wide.close();
  });
});

describe("events filters: dates, format, count", () => {
  const countOf = (page: Page) => page.getByRole("status").filter({ hasText: /evento/ });
  const LIST = "Próximos eventos";
  /** The format each card shows ("Formato: Online", the label read only by screen readers). */
  const formatsOf = async (page: Page) =>
    (
      await listCards(page, LIST)
        .getByText(/^Formato: (Presencial|Online|Híbrido)$/)
        .allTextContents()
    ).map((text) => text.replace("Formato: ", ""));

  for (const viewport of VIEWPORTS) {
    it(`keeps "Este mês" and "Online" in the URL with JavaScript and counts them at ${viewport.label}`, async () => {
      const wide = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        locale: "pt-BR",
      });
      const { page, problems } = await openPage(wide, `${baseUrl}/eventos`);
      expect(await countOf(page).textContent()).toMatch(/^\d+ eventos?$/);
      await page.getByText("Filtros", { exact: true }).click();
      await page.getByRole("combobox", { name: "Quando" }).selectOption({ label: "Este mês" });
      await page.getByRole("combobox", { name: "Formato" }).selectOption({ label: "Online" });
      await page.getByRole("button", { name: "Aplicar filtros" }).click();
      await page.waitForURL(
        (url) =>
          url.searchParams.get("periodo") === "mes" && url.searchParams.get("formato") === "online",
      );
      const cards = listCards(page, LIST);
      // React Router moves the address before it renders the filtered list: until then the
      // page still shows the unfiltered count and cards (some of them Presencial). Wait for a
      // count and cards that agree, every card online or hybrid.
      const filteredShown = async () => {
        const text = (await countOf(page).textContent()) ?? "";
        if (!/^\d+ eventos?$/.test(text)) return false;
        const count = Number.parseInt(text, 10);
        const formats = await formatsOf(page);
        return (
          (await cards.count()) === Math.min(count, 20) &&
          formats.every((format) => format === "Online" || format === "Híbrido")
        );
      };
      await expect.poll(filteredShown, POLL.ui).toBe(true);
      // The filters stay chosen in the form after the reload.
      expect(await page.getByRole("combobox", { name: "Quando" }).inputValue()).toBe("mes");
      // Any date, online only: the demo has online and hybrid events in the coming months.
      await page.getByRole("combobox", { name: "Quando" }).selectOption({ label: "Qualquer data" });
      await page.getByRole("button", { name: "Aplicar filtros" }).click();
      await page.waitForURL((url) => !url.searchParams.has("periodo"));
      expect(new URL(page.url()).searchParams.get("formato")).toBe("online");
      await expect.poll(() => cards.count(), POLL.ui).toBeGreaterThan(0);
      const formats = await formatsOf(page);
      expect(formats.length).toBeGreaterThan(0);
      for (const format of formats) expect(["Online", "Híbrido"]).toContain(format);
      expect(await countOf(page).textContent()).toBe(
        formats.length === 1 ? "1 evento" : `${formats.length} eventos`,
      );
      await expectNoAxeViolations(page, `/eventos filtered at ${viewport.label}`);
      await shot(page, `busca/eventos-filtros-${viewport.width}`);
      expect(problems()).toEqual([]);
      await wide.close();
    });
  }

  it("filters a chosen range and the in-person format without JavaScript", async () => {
    const plain = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
      javaScriptEnabled: false,
    });
    const { page } = await openPage(plain, `${baseUrl}/eventos`);
    const dates = (await listCards(page, LIST).locator("time").allInnerTexts()).map(isoOf);
    const from = dates[1] ?? "";
    const to = dates[4] ?? "";
    expect(from <= to).toBe(true);
    await page.getByText("Filtros", { exact: true }).click();
    await page.getByLabel("De", { exact: true }).fill(from);
    await page.getByLabel("Até", { exact: true }).fill(to);
    await page.getByRole("combobox", { name: "Formato" }).selectOption({ label: "Presencial" });
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((url) => url.searchParams.get("de") === from);
    const url = new URL(page.url());
    expect(url.searchParams.get("ate")).toBe(to);
    expect(url.searchParams.get("formato")).toBe("presencial");
    const shown = (await listCards(page, LIST).locator("time").allInnerTexts()).map(isoOf);
    expect(shown.length).toBeGreaterThan(0);
    for (const date of shown) expect(date >= from && date <= to).toBe(true);
    expect(await countOf(page).textContent()).toBe(
      shown.length === 1 ? "1 evento" : `${shown.length} eventos`,
    );
    await plain.close();
  });

  it("ignores bad filter values, on the page and in the list API", async () => {
    const bad = "periodo=ano&de=2026-02-30&ate=%3Cx%3E&formato=teleporte&uf=ZZ";
    const pageResponse = await fetch(`${baseUrl}/eventos?${bad}`);
    expect(pageResponse.status).toBe(200);
    const apiResponse = await fetch(`${baseUrl}/api/eventos?${bad}&pagina=2`);
    expect(apiResponse.status).toBe(200);
    expect(await apiResponse.json()).toMatchObject({ page: 2 });
  });
});

describe("event page", () => {
  it("shows name, date, institution (linked), summary, about, address and the calendar button", async () => {
    const href = await firstUpcomingEvent();
    const { page, status, problems } = await openPage(context, `${baseUrl}${href}`);
    expect(status).toBe(200);
    expect(await page.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe("/eventos");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).not.toBe("");
    expect(await page.locator("main time").first().textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const host = page.getByText("Organizado por").getByRole("link");
    expect(await host.getAttribute("href")).toMatch(/^\/instituicoes\/[0-9a-f-]{36}$/);
    expect(await page.getByRole("heading", { name: "Sobre o evento" }).isVisible()).toBe(true);
    expect(await page.locator("address").textContent()).toMatch(/\/[A-Z]{2}/);
    const calendar = page.getByRole("link", { name: "Adicionar ao calendário" });
    expect(await calendar.getAttribute("href")).toBe(`${href}/calendario.ics`);
    expect(problems()).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), calendar.click()]);
    expect(download.suggestedFilename()).toMatch(/^evento-\d{4}-\d{2}-\d{2}\.ics$/);
    await page.close();
  });

  it("offers a calendar file that a strict parser accepts", async () => {
    const href = await firstUpcomingEvent();
    const response = await fetch(`${baseUrl}${href}/calendario.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
    const event = parseIcs(await response.text());
    for (const property of ["UID", "DTSTAMP", "SUMMARY", "DESCRIPTION", "LOCATION", "URL"]) {
      expect(event.get(property), property).toBeTruthy();
    }
    expect(event.get("DTSTAMP")).toMatch(/^\d{8}T\d{6}Z$/);
    const { allDay, start, end } = icsSpan(event);
    const day = (value: string) =>
      Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8)));
    if (allDay) {
      // A whole-day event ends the next day (DTEND is exclusive).
      expect(start).toMatch(/^\d{8}$/);
      expect(day(end) - day(start)).toBe(24 * 60 * 60 * 1000);
    } else {
      // Times in Brasília's zone, ending after they start, on the same day.
      expect(start).toMatch(/^\d{8}T\d{6}$/);
      expect(end).toMatch(/^\d{8}T\d{6}$/);
      expect(end > start).toBe(true);
      expect(day(end)).toBe(day(start));
    }
    expect(event.get("URL")).toBe(`${baseUrl}${href}`);
  });

  it("answers 404 for unknown ids, on the page and the calendar file", async () => {
    const { page, status } = await openPage(
      context,
      `${baseUrl}/eventos/00000000-0000-4000-8000-000000000000`,
    );
    expect(status).toBe(404);
    expect(
      await page.getByRole("heading", { level: 1, name: "Página não encontrada" }).isVisible(),
    ).toBe(true);
    await page.close();
    const ics = await fetch(`${baseUrl}/eventos/nao-e-um-id/calendario.ics`);
    expect(ics.status).toBe(404);
  });
});
