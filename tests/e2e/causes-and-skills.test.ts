import { eq, inArray } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events, institutions } from "~/db/schema";
import { accountWorldForFile } from "../helpers/account-world";
import { watchPageProblems } from "../helpers/browser";
import { expectFinishedPage } from "../helpers/layout";
import { phonePage } from "../helpers/members";

/**
 * Issue 15, item 6 (ADR 0045): an institution chooses its causes in "Editar perfil", an event
 * its causes and desired skills, a volunteer their interests and skills; the public lists filter
 * by cause with chips kept in the URL, with and without JavaScript, at 390 and 1280 px.
 */
const world = accountWorldForFile({
  accounts: {
    inst: { kind: "institution", status: "APPROVED", name: "Casa do Caminho" },
    green: { kind: "institution", status: "APPROVED", name: "Rede Verde" },
    ana: { kind: "volunteer", name: "Ana Lúcia Prado" },
  },
  events: [
    { key: "bazaar", institution: "inst", name: "Bazar Solidário", status: "APPROVED" },
    { key: "planting", institution: "green", name: "Plantio de Mudas", status: "APPROVED" },
  ],
  beforeStart: async (db, accounts) => {
    await db
      .update(institutions)
      .set({ causes: ["meio-ambiente"] })
      .where(eq(institutions.userId, accounts.green.id));
    await db
      .update(events)
      .set({ causes: ["meio-ambiente"] })
      .where(inArray(events.name, ["Plantio de Mudas"]));
  },
});

const chip = (page: Page, name: string) => page.getByRole("checkbox", { name, exact: true });

async function pageAt(browser: Browser, width: number, js = true) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: "pt-BR",
    javaScriptEnabled: js,
  });
  const page = await context.newPage();
  return { page, problems: watchPageProblems(page) };
}

describe.sequential("causes and skills", () => {
  it("an institution chooses one to three causes in Editar perfil", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    const causes = page.getByRole("group", { name: "Causas" });
    await causes.waitFor();
    for (const name of ["Educação", "Cultura", "Esporte", "Cidadania"]) {
      await causes.getByRole("checkbox", { name, exact: true }).check();
    }
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Escolha no máximo 3 causas.", { exact: true }).waitFor();
    await expectFinishedPage(
      page,
      problems,
      "institution causes error",
      "causes/institution-edit-390",
    );
    await causes.getByRole("checkbox", { name: "Cidadania", exact: true }).uncheck();
    await causes.getByRole("checkbox", { name: "Esporte", exact: true }).uncheck();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.waitForLoadState("networkidle");
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    await causes.waitFor();
    expect(await chip(page, "Educação").isChecked()).toBe(true);
    expect(await chip(page, "Cultura").isChecked()).toBe(true);
    expect(await chip(page, "Esporte").isChecked()).toBe(false);
    expect(problems()).toEqual([]);
  });

  it("an event gets causes and desired skills, shown on its page", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    const id = world.server.ids.bazaar;
    await page.goto(`${world.server.url}/app/eventos/${id}/editar`);
    const causes = page.getByRole("group", { name: "Causas (opcional)" });
    const skills = page.getByRole("group", { name: "Habilidades desejáveis (opcional)" });
    await causes.getByRole("checkbox", { name: "Combate à fome" }).check();
    await skills.getByRole("checkbox", { name: "Cozinha" }).check();
    await skills.getByRole("checkbox", { name: "Logística e transporte" }).check();
    await expectFinishedPage(page, problems, "event form causes", "causes/event-form-390");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.waitForLoadState("networkidle");
    await page.goto(`${world.server.url}/eventos/${id}`);
    await page.getByRole("list", { name: "Causas" }).getByText("Combate à fome").waitFor();
    const wanted = page.getByRole("list", { name: "Habilidades desejáveis" });
    expect(await wanted.getByRole("listitem").allInnerTexts()).toEqual([
      "Cozinha",
      "Logística e transporte",
    ]);
    await expectFinishedPage(page, problems, "event page with skills", "causes/event-page-390");
  });

  it("a volunteer chooses interests and skills in Editar perfil", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.ana);
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    await page
      .getByRole("group", { name: "Causas que você apoia (opcional)" })
      .getByRole("checkbox", { name: "Educação" })
      .check();
    await page
      .getByRole("group", { name: "Suas habilidades (opcional)" })
      .getByRole("checkbox", { name: "Tecnologia" })
      .check();
    await expectFinishedPage(page, problems, "volunteer interests", "causes/volunteer-edit-390");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/voluntario`);
    await page.waitForLoadState("networkidle");
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    expect(await chip(page, "Educação").isChecked()).toBe(true);
    expect(await chip(page, "Tecnologia").isChecked()).toBe(true);
    expect(await chip(page, "Saúde").first().isChecked()).toBe(false);
  });

  for (const width of [390, 1280]) {
    it(`filters both lists by cause with chips at ${width} px`, async () => {
      const { page, problems } = await pageAt(world.browser, width);
      const url = world.server.url;
      await page.goto(`${url}/instituicoes`);
      const filter = page.getByRole("navigation", { name: /Filtrar por causa/ });
      await filter.getByRole("link", { name: "Educação" }).click();
      await page.waitForURL((at) => at.searchParams.getAll("causa").join() === "educacao");
      await page.getByRole("status").getByText("1 instituição").waitFor();
      await page.getByRole("heading", { name: "Casa do Caminho" }).waitFor();
      await filter.getByRole("link", { name: "Meio ambiente" }).click();
      await page.waitForURL(
        (at) => at.searchParams.getAll("causa").join() === "educacao,meio-ambiente",
      );
      await page.getByRole("status").getByText("2 instituições").waitFor();
      await filter.getByRole("link", { name: "Educação (selecionada)" }).waitFor();
      await expectFinishedPage(page, problems, "directory by cause", `causes/directory-${width}`);

      // Three chosen: the other causes are no longer links until one is taken out.
      await page.goto(`${url}/instituicoes?causa=educacao&causa=saude&causa=cultura`);
      await filter.getByRole("link", { name: "Saúde (selecionada)" }).waitFor();
      expect(await filter.getByRole("link", { name: "Esporte" }).count()).toBe(0);
      await filter.getByText("Esporte", { exact: true }).waitFor();
      await expectFinishedPage(page, problems, "three causes", `causes/directory-three-${width}`);

      await page.goto(`${url}/instituicoes?causa=protecao-animal`);
      await page
        .getByText("Nenhum resultado para a causa Proteção animal", { exact: false })
        .waitFor();
      await expectFinishedPage(
        page,
        problems,
        "directory empty",
        `causes/directory-empty-${width}`,
      );
      await page.getByRole("link", { name: "Limpar busca e filtros" }).click();
      await page.waitForURL(`${url}/instituicoes`);

      await page.goto(`${url}/eventos`);
      await page
        .getByRole("navigation", { name: /Filtrar por causa/ })
        .getByRole("link", { name: "Meio ambiente" })
        .click();
      await page.waitForURL((at) => at.searchParams.get("causa") === "meio-ambiente");
      await page.getByRole("status").getByText("1 evento").waitFor();
      await page.getByRole("heading", { name: "Plantio de Mudas" }).waitFor();
      await expectFinishedPage(page, problems, "events by cause", `causes/events-${width}`);
      await page.context().close();
    });
  }

  it("the chips are links that work without JavaScript and keep the search", async () => {
    const { page } = await pageAt(world.browser, 390, false);
    await page.goto(`${world.server.url}/eventos?busca=plantio`);
    await page
      .getByRole("navigation", { name: /Filtrar por causa/ })
      .getByRole("link", { name: "Meio ambiente" })
      .click();
    await page.waitForURL((at) => at.searchParams.get("causa") === "meio-ambiente");
    expect(new URL(page.url()).searchParams.get("busca")).toBe("plantio");
    await page.getByRole("heading", { name: "Plantio de Mudas" }).waitFor();
    // A search typed then keeps the cause (a hidden field of the GET form).
    await page.getByRole("searchbox", { name: "Buscar" }).fill("bazar");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL((at) => at.searchParams.get("busca") === "bazar");
    expect(new URL(page.url()).searchParams.getAll("causa")).toEqual(["meio-ambiente"]);
    await page.getByText("Nenhum resultado para a causa Meio ambiente", { exact: false }).waitFor();
    await page.context().close();
  });
});
