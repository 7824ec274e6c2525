import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events } from "~/db/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { PHONE } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";
import { confirmIn, expectResult, signInPage } from "./admin-support";

/**
 * The admin's events section at scale (issue 14), in Chromium on a phone: 120 events in every
 * status, half of them past; pages of 10, a search without accents, the status tabs and the date
 * filter, the active filter never showing a past event, an action that returns to the list as it
 * was, and the event record with its cover and institution. Every state is checked with axe and
 * for sideways overflow at 390 px. Tests run in order.
 */

const STATUSES = ["PENDING", "APPROVED", "REJECTED", "DELETED"] as const;
const LABEL = {
  PENDING: "Pendente",
  APPROVED: "Publicado",
  REJECTED: "Reprovado",
  DELETED: "Excluído",
};
const LONG_NAME = "Oficina Intercomunicacionalíssima-Extraordinária";

/** 'YYYY-MM-DD' of today in Brasília, `days` away. */
function inDays(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
    new Date(),
  );
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
const TODAY = inDays(0);

interface Row {
  name: string;
  status: (typeof STATUSES)[number];
  eventDate: string;
}

/**
 * 119 events written directly (statuses in turn, dates alternating in blocks of four between
 * upcoming and past), plus the pending one with a cover seeded through the image pipeline: 120.
 */
const ROWS: Row[] = Array.from({ length: 119 }, (_, i) => {
  const upcoming = Math.floor(i / 4) % 2 === 0;
  const n = String(i).padStart(3, "0");
  let name = `Evento de teste ${n}`;
  if (i === 8) name = "Feira Solidária São João";
  if (i === 16) name = LONG_NAME;
  return {
    name,
    status: STATUSES[i % 4] ?? "PENDING",
    eventDate: upcoming ? inDays(2 + i) : inDays(-1 - i),
  };
});
const REJECTION_REASON =
  "A descrição não informa o endereço completo: https://exemplo.org/um-endereco-muito-longo-sem-espacos-para-quebrar";
const COVERED = { name: "Mutirão com Capa", status: "PENDING" as const, eventDate: inDays(1) };
const ALL: Row[] = [...ROWS, COVERED];

const count = (status: Row["status"] | null, period: "proximos" | "passados" | "todos") =>
  ALL.filter(
    (row) =>
      (status === null || row.status === status) &&
      (period === "todos" ||
        (period === "proximos" ? row.eventDate >= TODAY : row.eventDate < TODAY)),
  ).length;

let server: FixtureServer<"admin" | "esperanca">;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let pageProblems: () => string[];

const dash = (query: string) => `${server.url}/admin/dashboard?${query}`;

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      admin: { kind: "admin", name: "Administração de Eventos" },
      esperanca: {
        kind: "institution",
        status: "APPROVED",
        name: "Associação Beneficente Interdisciplinaríssima Esperança",
      },
    },
    events: [
      {
        key: "covered",
        institution: "esperanca",
        name: COVERED.name,
        status: "PENDING",
        eventDate: COVERED.eventDate,
      },
    ],
    beforeStart: async (db, accounts) => {
      await db.insert(events).values(
        ROWS.map((row, i) => ({
          ...row,
          institutionId: accounts.esperanca.id,
          resume: "Um evento criado para os testes da lista de eventos do admin.",
          about: "Descrição do evento criado para os testes do painel administrativo.",
          street: "Rua do Teste",
          number: String(i + 1),
          neighborhood: "Centro",
          city: i % 3 === 0 ? "Ribeirão Preto" : "Campinas",
          state: "SP",
          reviewReason: i === 2 ? REJECTION_REASON : null,
        })),
      );
    },
  });
  browser = await launchBrowser();
  admin = await signInPage(browser, server.url, server.accounts.admin, "/admin/login", PHONE);
  // Watched from the first page on: the sign-in's own client navigation may still be fetching
  // when the tests move on, and that cancelled request is no problem of this section.
  await admin.page.goto(dash("secao=dashboard"));
  await admin.page.getByRole("heading", { level: 1 }).first().waitFor();
  pageProblems = watchPageProblems(admin.page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Nothing wider than the phone: not the page, not any card. */
async function expectNoOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    cards: [...document.querySelectorAll("article")]
      .filter((card) => card.scrollWidth > card.clientWidth)
      .map((card) => card.textContent?.slice(0, 60)),
  }));
  expect(overflow, what).toEqual({ page: 0, cards: [] });
}

/** axe and the overflow check on the page as it is now. */
async function checkPage(page: Page, what: string) {
  await expectNoAxeViolations(page, what);
  await expectNoOverflow(page, what);
}

const cards = (page: Page) => page.getByRole("article");
const cardNames = (page: Page) => cards(page).getByRole("heading").allTextContents();
const cardDates = (page: Page) =>
  page
    .locator("article time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime") ?? ""));
const statusTab = (page: Page, label: string) =>
  page
    .getByRole("navigation", { name: "Situação dos eventos" })
    .getByRole("link", { name: new RegExp(`^${label} \\(`) });
const periodLink = (page: Page, label: string) =>
  page
    .getByRole("navigation", { name: "Data dos eventos" })
    .getByRole("link", { name: label, exact: true });

describe("events list", () => {
  it("opens on pending upcoming events, 10 a page, soonest first, with the tabs' counts", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos"));
    const pending = count("PENDING", "proximos");
    await page.getByText(`${pending} eventos pendentes`, { exact: true }).waitFor();
    expect(await statusTab(page, "Pendentes").getAttribute("aria-current")).toBe("page");
    expect(await periodLink(page, "Próximos").getAttribute("aria-current")).toBe("page");
    // The tabs' names, as a screen reader says them, carry their counts.
    const tabs = page.getByRole("navigation", { name: "Situação dos eventos" });
    const named = (name: string) => tabs.getByRole("link", { name, exact: true }).waitFor();
    await named(`Publicados (${count("APPROVED", "proximos")})`);
    await named(`Reprovados (${count("REJECTED", "proximos")})`);
    await named(`Excluídos (${count("DELETED", "proximos")})`);
    await named(`Todos (${count(null, "proximos")})`);
    expect(await cards(page).count()).toBe(10);
    const first = await cardNames(page);
    expect(first[0]).toBe(COVERED.name);
    const dates = await cardDates(page);
    expect(dates).toEqual([...dates].sort());
    // Each card names its institution and its status.
    const firstCard = await cards(page).first().textContent();
    expect(firstCard).toContain("Associação Beneficente Interdisciplinaríssima Esperança");
    expect(firstCard).toContain("Pendente");
    await checkPage(page, "events, first page");
    await shot(page, "admin-eventos/lista-390");

    const pager = page.getByRole("navigation", { name: "Paginação" });
    await pager.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL(/secao=eventos&pagina=2/);
    await expect.poll(() => cards(page).count(), POLL.server).toBe(pending - 10);
    const second = await cardNames(page);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    await checkPage(page, "events, second page");
  });

  it("finds an accented name typed without accents or capitals, within the filters", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos"));
    await page.getByRole("searchbox").fill("FEIRA SOLIDARIA SAO JOAO");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/busca=FEIRA/);
    await page.getByText("1 evento pendente", { exact: true }).waitFor();
    expect(await cardNames(page)).toEqual(["Feira Solidária São João"]);
    await page
      .getByRole("navigation", { name: "Situação dos eventos" })
      .getByRole("link", { name: "Todos (1)", exact: true })
      .waitFor();
    // Switching the date keeps the search: nothing of it is past.
    await periodLink(page, "Passados").click();
    await page.waitForURL(/periodo=passados/);
    expect(page.url()).toContain("busca=FEIRA");
    await page.getByText("Nenhum evento encontrado para “FEIRA SOLIDARIA SAO JOAO”.").waitFor();
    await checkPage(page, "events, search without results");
    // A city, in every status and date.
    await page.goto(dash("secao=eventos&situacao=todos&periodo=todos&busca=ribeirao"));
    const inRibeirao = ROWS.filter((_, i) => i % 3 === 0).length;
    await page.getByText(`${inRibeirao} eventos`, { exact: true }).waitFor();
  });

  it("narrows to each status and date, and never shows a past event under Publicados, Próximos", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos"));
    const tabs = [
      ["Publicados", "APPROVED", "eventos publicados"],
      ["Reprovados", "REJECTED", "eventos reprovados"],
      ["Excluídos", "DELETED", "eventos excluídos"],
      ["Pendentes", "PENDING", "eventos pendentes"],
    ] as const;
    for (const period of ["proximos", "passados"] as const) {
      // The list opens on Próximos; then Passados (a click on the current link would reload it).
      if (period === "passados") {
        await periodLink(page, "Passados").click();
        await page.waitForURL(/periodo=passados/);
      }
      for (const [label, status, words] of tabs) {
        await statusTab(page, label).click();
        const total = count(status, period);
        await page.getByText(`${total} ${words}`, { exact: true }).waitFor();
        expect(await statusTab(page, label).getAttribute("aria-current")).toBe("page");
        const texts = await cards(page).allTextContents();
        expect(texts.length).toBe(Math.min(10, total));
        for (const text of texts) expect(text, `${label}/${period}`).toContain(LABEL[status]);
        const dates = await cardDates(page);
        if (period === "proximos") {
          expect(
            dates.every((date) => date >= TODAY),
            `${label} upcoming`,
          ).toBe(true);
          expect(dates).toEqual([...dates].sort());
        } else {
          expect(
            dates.every((date) => date < TODAY),
            `${label} past`,
          ).toBe(true);
          expect(dates).toEqual([...dates].sort().reverse());
        }
      }
    }
    await checkPage(page, "events, pending and past");
    await periodLink(page, "Todas as datas").click();
    await page.waitForURL(/periodo=todos/);
    await statusTab(page, "Todos").click();
    await page.getByText(`${ALL.length} eventos`, { exact: true }).waitFor();
    // The active filter: published and from today on.
    await page.goto(dash("secao=eventos&situacao=publicados"));
    await page
      .getByText(`${count("APPROVED", "proximos")} eventos publicados`, { exact: true })
      .waitFor();
    const pages = Math.ceil(count("APPROVED", "proximos") / 10);
    for (let number = 1; number <= pages; number++) {
      if (number > 1) {
        await page
          .getByRole("navigation", { name: "Paginação" })
          .getByRole("link", { name: `Página ${number}` })
          .click();
        await page.waitForURL(new RegExp(`pagina=${number}`));
        await expect
          .poll(
            () => page.getByRole("link", { name: `Página ${number}` }).getAttribute("aria-current"),
            POLL.server,
          )
          .toBe("page");
      }
      expect(
        (await cardDates(page)).every((date) => date >= TODAY),
        `page ${number}`,
      ).toBe(true);
    }
    await checkPage(page, "events, published");
  });

  it("works without JavaScript: the tabs are links and the search a GET form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    await context.addCookies(await admin.context.cookies());
    const page = await context.newPage();
    await page.goto(dash("secao=eventos"));
    await statusTab(page, "Reprovados").click();
    await page.waitForURL(/situacao=reprovados/);
    await page.getByRole("searchbox").fill("evento de teste 002");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/situacao=reprovados.*busca=evento/);
    expect(await cardNames(page)).toEqual(["Evento de teste 002"]);
    await context.close();
  });

  it("approves from a card on page 2 and comes back to the same list and page", async () => {
    const { page } = admin;
    const before = count("PENDING", "proximos");
    await page.goto(dash("secao=eventos&pagina=2"));
    const name = (await cardNames(page))[0] ?? "";
    await page.getByRole("link", { name: `Aprovar evento ${name}` }).click();
    await page.waitForURL(/pagina=2.*confirmar=aprovar/);
    await confirmIn(page, "Aprovar evento?", "Aprovar evento");
    await page.waitForURL(/secao=eventos&pagina=2&resultado=aprovado/);
    await expectResult(page, "Aprovado!");
    await page.getByText(`${before - 1} eventos pendentes`, { exact: true }).waitFor();
    expect(page.url()).toContain("pagina=2");
    expect(await cardNames(page)).not.toContain(name);
  });
});

describe("event record", () => {
  it("shows the cover, links the institution and lists every field; Voltar keeps the filters", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos&busca=capa"));
    await page.getByRole("link", { name: `Visualizar ${COVERED.name}` }).click();
    await page.getByRole("heading", { level: 1, name: "Evento pendente" }).waitFor();
    const cover = page.getByRole("img", { name: `Capa do evento ${COVERED.name}` });
    expect(await cover.getAttribute("src")).toMatch(/^\/imagens\/[0-9a-f-]{36}$/);
    await expect
      .poll(
        () => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
        POLL.server,
      )
      .toBeGreaterThan(0);
    const details = await page.getByRole("main").textContent();
    for (const text of [
      "Data do evento",
      "Formato",
      "Presencial",
      "Situação",
      "Pendente",
      "Cadastrado em",
      "Última revisão",
      "Ainda não revisado",
      "Complemento",
      "Sala 2",
      "Niterói",
    ]) {
      expect(details).toContain(text);
    }
    expect(details).not.toContain("Motivo da reprovação");
    await checkPage(page, "event record");
    await shot(page, "admin-eventos/evento-390");
    await page.getByRole("link", { name: "Voltar" }).click();
    await page.waitForURL(/secao=eventos&busca=capa$/);
    await page.getByRole("link", { name: `Visualizar ${COVERED.name}` }).click();
    const institution = page.getByRole("link", {
      name: "Associação Beneficente Interdisciplinaríssima Esperança",
    });
    await institution.click();
    await page.waitForURL(new RegExp(`secao=instituicao&id=${server.accounts.esperanca.id}`));
    await page.getByRole("heading", { level: 1, name: "Visualizar instituição" }).waitFor();
  });

  it("shows the reason of a rejection, and a long address in it wraps", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos&situacao=reprovados&busca=teste%20002"));
    await page.getByRole("link", { name: "Visualizar Evento de teste 002" }).click();
    await page.getByRole("heading", { level: 1, name: "Visualizar evento" }).waitFor();
    const reason = page.getByRole("heading", { name: "Motivo da reprovação" });
    await reason.waitFor();
    expect(await page.getByRole("main").textContent()).toContain(REJECTION_REASON);
    expect(await page.getByRole("main").textContent()).toContain("Reprovado");
    // A rejection can be reopened or the event deleted (the dialogs are admin-layout's).
    await page.getByRole("link", { name: "Reabrir análise" }).waitFor();
    await page.getByRole("link", { name: "Excluir evento" }).waitFor();
    await checkPage(page, "rejected event record");
    await shot(page, "admin-eventos/evento-reprovado-390");
  });

  it("shows the default picture for an event without a cover, and a long name wraps", async () => {
    const { page } = admin;
    await page.goto(
      dash("secao=eventos&situacao=todos&periodo=todos&busca=intercomunicacionalissima"),
    );
    await page.getByRole("link", { name: `Visualizar ${LONG_NAME}` }).click();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByRole("img", { name: "Imagem padrão: o evento não tem capa" }).waitFor();
    await checkPage(page, "event record without a cover");
  });

  it("looks finished at 1280 px", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(await admin.context.cookies());
    const page = await context.newPage();
    await page.goto(dash("secao=eventos"));
    await cards(page).first().waitFor();
    await checkPage(page, "events at 1280");
    await shot(page, "admin-eventos/lista-1280");
    await page.getByRole("link", { name: `Visualizar ${COVERED.name}` }).click();
    await page.getByRole("img", { name: `Capa do evento ${COVERED.name}` }).waitFor();
    await checkPage(page, "event record at 1280");
    await shot(page, "admin-eventos/evento-1280");
    await context.close();
    expect(pageProblems()).toEqual([]);
  });
});
