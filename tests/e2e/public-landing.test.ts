import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { browserForFile } from "../helpers/browser";
import { POLL } from "../helpers/wait";
import { detailLinks, openPage } from "./public-support";

/**
 * The landing page (docs/spec.md section 1, issue 4): every section and its anchor, the join button,
 * three approved institutions, the events teaser and the FAQ, with and without JavaScript.
 */
const baseUrl = inject("baseUrl");
const browser = browserForFile();

const SECTIONS = [
  { anchor: "beneficios", heading: "Por que ser voluntário por aqui" },
  { anchor: "quem-somos", heading: /^O que é o / },
  { anchor: "como-funciona", heading: "Três passos para começar a ajudar" },
  { anchor: "instituicoes", heading: "Instituições que você pode apoiar" },
  { anchor: "eventos", heading: "Próximos eventos" },
  { anchor: "perguntas-frequentes", heading: "Perguntas frequentes" },
];

describe.each([
  { label: "with JavaScript", javaScriptEnabled: true },
  { label: "without JavaScript", javaScriptEnabled: false },
])("landing page $label", ({ javaScriptEnabled }) => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: "pt-BR",
      javaScriptEnabled,
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  it("has every section under its anchor, each with its heading", async () => {
    const { page, status, problems } = await openPage(context, `${baseUrl}/`);
    expect(status).toBe(200);
    expect(
      await page
        .getByRole("heading", { level: 1, name: "Conecte-se a quem precisa da sua ajuda" })
        .isVisible(),
    ).toBe(true);
    for (const section of SECTIONS) {
      const region = page.locator(`section#${section.anchor}`);
      expect(await region.count(), section.anchor).toBe(1);
      expect(
        await region.getByRole("heading", { level: 2, name: section.heading }).count(),
        section.anchor,
      ).toBe(1);
    }
    // The shortcuts lead to those anchors.
    const shortcuts = page.getByRole("navigation", { name: "Seções da página" });
    for (const anchor of ["beneficios", "quem-somos", "como-funciona", "instituicoes", "eventos"]) {
      expect(await shortcuts.locator(`a[href="#${anchor}"]`).count()).toBe(1);
    }
    await shortcuts.getByRole("link", { name: "Como funciona" }).click();
    await expect.poll(() => new URL(page.url()).hash, POLL.ui).toBe("#como-funciona");
    // Without JavaScript, Chromium reports every refused module preload as a failed request.
    if (javaScriptEnabled) expect(problems()).toEqual([]);
    await page.close();
  });

  it("shows the join button, three benefits, three steps, three institutions and the next events", async () => {
    const { page } = await openPage(context, `${baseUrl}/`);
    expect(
      await page.getByRole("link", { name: "Quero ser voluntário" }).getAttribute("href"),
    ).toBe("/auth/cadastro");
    expect(await page.locator("#beneficios li").count()).toBe(3);
    const steps = page.locator("#como-funciona ol > li");
    expect(await steps.allTextContents()).toEqual([
      expect.stringContaining("Cadastre-se"),
      expect.stringContaining("Encontre uma oportunidade"),
      expect.stringContaining("Conecte-se"),
    ]);

    const institutions = page.locator("#instituicoes");
    expect(await institutions.getByRole("article").count()).toBe(3);
    expect(await detailLinks(page, "/instituicoes/")).toHaveLength(3);
    expect(
      await institutions
        .getByRole("link", { name: "Ver todas as instituições" })
        .getAttribute("href"),
    ).toBe("/instituicoes");

    const events = page.locator("#eventos");
    expect(await events.getByRole("article").count()).toBeGreaterThan(0);
    expect(await detailLinks(page, "/eventos/")).not.toHaveLength(0);
    const dates = await events.locator("article time").allTextContents();
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(
      await events.getByRole("link", { name: "Ver todos os eventos" }).getAttribute("href"),
    ).toBe("/eventos");
    await page.close();
  });

  it("answers the FAQ in an accordion that opens on a tap", async () => {
    const { page } = await openPage(context, `${baseUrl}/`);
    const faq = page.locator("#perguntas-frequentes");
    const question = faq.getByText("Como falo com o suporte?");
    const answer = faq.getByText("O suporte é feito por e-mail:");
    expect(await answer.isVisible()).toBe(false);
    await question.click();
    await expect.poll(() => answer.isVisible(), POLL.ui).toBe(true);
    const mail = faq.locator('a[href^="mailto:"]');
    expect(await mail.getAttribute("href")).toMatch(/^mailto:.+@.+/);

    await faq.getByText("O cadastro é gratuito?").click();
    await expect
      .poll(() => faq.getByText(/gratuitos para voluntários e para instituições/).isVisible())
      .toBe(true);
    await faq.getByText("Quanto tempo leva para o meu cadastro ser aprovado?").click();
    await expect.poll(() => faq.getByText(/em até 3 dias úteis/).isVisible(), POLL.ui).toBe(true);
    await faq.getByText("Existe idade mínima para participar?").click();
    await expect.poll(() => faq.getByText(/a partir de 16 anos/).isVisible(), POLL.ui).toBe(true);
    await page.close();
  });
});
