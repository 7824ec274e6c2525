import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Sweep } from "../helpers/a11y-sweep";
import { HttpClient, testIp } from "../helpers/accounts";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";

/**
 * Issue 13, navigation: the header offers "Instituições", "Eventos" and the person's area (or
 * "Entrar" / "Cadastre-se") on every page, marks the current section (aria-current, drawn), folds
 * into a "Menu" disclosure on phones that works with the keyboard and without JavaScript, and
 * never cuts a name; every area home and list page leads on to browsing; the admin's lists wrap
 * e-mails instead of overflowing. axe at 390 and 1280 px on the pages changed; screenshots with
 * SCREENSHOTS=1 (or of a failure) in /tmp/shots/navigation.
 */
type Key = "volunteer" | "institution" | "admin";
let server: FixtureServer<Key>;
let browser: Browser;
const clients = {} as Record<Key, HttpClient>;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// As long as an e-mail may be (50 characters).
const LONG_EMAIL = "maria.aparecida.oliveira@maosqueajudamdoes.org.br";

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        volunteer: {
          kind: "volunteer",
          name: "Maria Aparecida dos Santos Oliveira",
          email: LONG_EMAIL,
        },
        institution: {
          kind: "institution",
          status: "APPROVED",
          name: "Instituto Mãos que Ajudam do Espírito Santo",
        },
        admin: { kind: "admin", name: "Administradora do Conecta" },
      },
      events: [{ key: "event", institution: "institution", name: "Mutirão", status: "APPROVED" }],
    }),
    launchBrowser(),
  ]);
  clients.volunteer = await signedInClient(server, server.accounts.volunteer);
  clients.institution = await signedInClient(server, server.accounts.institution);
  clients.admin = new HttpClient(server.url);
  const admin = await clients.admin.signIn(server.accounts.admin, "/admin/login");
  if (admin.status !== 302) throw new Error("the admin could not sign in");
}, 180_000);

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newContext(
  who: Key | null,
  options: { width?: number; js?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: options.width === DESKTOP.width ? DESKTOP : PHONE,
    locale: "pt-BR",
    javaScriptEnabled: options.js ?? true,
    extraHTTPHeaders: { "X-Forwarded-For": who ? clients[who].ip : testIp() },
  });
  if (who) await context.addCookies(clients[who].playwrightCookies());
  return context;
}

/** Opens `path` and waits for its heading and, with JavaScript, for the hydrated menu. */
async function open(page: Page, path: string, js = true): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  if (js && page.viewportSize()?.width === PHONE.width) {
    await page.getByRole("button", { name: "Menu" }).waitFor({ timeout: POLL.ui.timeout });
  }
}

/** The visible main navigation of the header (the row on wide screens, the menu on phones). */
const mainNav = (page: Page) =>
  page.getByRole("banner").getByRole("navigation", { name: "Principal" });

/** Each visible link of `scope` as "name -> href [aria-current]". */
async function links(scope: Locator): Promise<string[]> {
  const found = scope.getByRole("link");
  const result: string[] = [];
  for (let i = 0; i < (await found.count()); i++) {
    const link = found.nth(i);
    const current = await link.getAttribute("aria-current");
    const name = ((await link.textContent()) ?? "").trim();
    result.push(`${name} -> ${await link.getAttribute("href")}${current ? ` [${current}]` : ""}`);
  }
  return result;
}

describe("header navigation", { timeout: 120_000 }, () => {
  it("anonymous, wide: Instituições, Eventos, Entrar, Cadastre-se; the current section marked and drawn", async () => {
    const context = await newContext(null, { width: DESKTOP.width });
    const page = await context.newPage();
    await open(page, "/");
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos",
    ]);
    const account = page.getByRole("banner").getByRole("navigation", { name: "Conta" });
    expect(await links(account)).toEqual([
      "Entrar -> /auth/login",
      "Cadastre-se -> /auth/cadastro",
    ]);
    await shot(page, "navigation/header-anonymous-1280", { fullPage: false });

    await open(page, "/eventos");
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos [page]",
    ]);
    // Drawn, not only announced: the current link's background differs from the other's.
    const background = (name: string) =>
      mainNav(page)
        .getByRole("link", { name })
        .evaluate((link) => getComputedStyle(link).backgroundColor);
    expect(await background("Eventos")).not.toBe(await background("Instituições"));
    // The list offers the other list beside "Voltar para início" (docs/spec.md keeps that one).
    const main = page.getByRole("main");
    expect(await main.getByRole("link", { name: "Voltar para início" }).getAttribute("href")).toBe(
      "/",
    );
    expect(await main.getByRole("link", { name: "Ver instituições" }).getAttribute("href")).toBe(
      "/instituicoes",
    );
    await shot(page, "navigation/eventos-1280");

    await open(page, `/eventos/${server.ids.event}`);
    expect(await links(mainNav(page))).toContain("Eventos -> /eventos [true]");
    await open(page, `/instituicoes/${server.accounts.institution.id}`);
    expect(await links(mainNav(page))).toContain("Instituições -> /instituicoes [true]");
    await open(page, "/instituicoes");
    expect(await links(mainNav(page))).toContain("Instituições -> /instituicoes [page]");
    expect(
      await page.getByRole("main").getByRole("link", { name: "Ver eventos" }).getAttribute("href"),
    ).toBe("/eventos");
    await context.close();
  });

  it("on a phone the menu opens and closes with the keyboard, on Escape and on navigation", async () => {
    const context = await newContext(null);
    const page = await context.newPage();
    await open(page, "/eventos");
    const banner = page.getByRole("banner");
    // "Entrar" and "Cadastre-se" stay in the bar; the lists are behind "Menu".
    expect(await banner.getByRole("link", { name: "Entrar" }).isVisible()).toBe(true);
    expect(await banner.getByRole("link", { name: "Cadastre-se" }).isVisible()).toBe(true);
    const menu = banner.getByRole("button", { name: "Menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    const panel = page.locator(`[id="${await menu.getAttribute("aria-controls")}"]`);
    expect(await panel.isHidden()).toBe(true);
    await shot(page, "navigation/header-anonymous-390", { fullPage: false });

    await menu.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.getAttribute("aria-expanded"), POLL.ui).toBe("true");
    expect(await panel.isVisible()).toBe(true);
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos [page]",
    ]);
    // The links follow the button in the tab order.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Instituições");
    await shot(page, "navigation/header-anonymous-390-menu-open", { fullPage: false });
    const sweep = new Sweep();
    await sweep.check(page, "phone menu open");

    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.getAttribute("aria-expanded"), POLL.ui).toBe("false");
    expect(await panel.isHidden()).toBe(true);
    expect(await menu.evaluate((button) => document.activeElement === button)).toBe(true);

    // Space opens it; a tap outside closes it.
    await page.keyboard.press("Space");
    await expect.poll(() => menu.getAttribute("aria-expanded"), POLL.ui).toBe("true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect.poll(() => menu.getAttribute("aria-expanded"), POLL.ui).toBe("false");

    // Following a link closes it.
    await menu.click();
    await mainNav(page).getByRole("link", { name: "Instituições" }).click();
    await page.waitForURL(`${server.url}/instituicoes`);
    await page.getByRole("heading", { level: 1, name: "Instituições beneficentes" }).waitFor();
    await expect.poll(() => menu.getAttribute("aria-expanded"), POLL.ui).toBe("false");
    expect(await panel.isHidden()).toBe(true);
    await sweep.check(page, "/instituicoes");
    expect(sweep.findings).toEqual([]);
    await context.close();
  });

  it("on a phone without JavaScript the menu is a <details> that opens and leads on", async () => {
    const context = await newContext(null, { js: false });
    const page = await context.newPage();
    await open(page, "/", false);
    const summary = page.getByRole("banner").locator("summary", { hasText: "Menu" });
    expect(await summary.isVisible()).toBe(true);
    expect(await page.getByRole("banner").getByRole("link", { name: "Eventos" }).count()).toBe(0);
    await summary.click();
    const eventos = mainNav(page).getByRole("link", { name: "Eventos" });
    await eventos.waitFor();
    await eventos.click();
    await page.waitForURL(`${server.url}/eventos`);
    await page.getByRole("heading", { level: 1, name: "Eventos" }).waitFor();
    await context.close();
  });

  it("a volunteer: their area in the header, marked, the whole name on a phone, and browsing from home", async () => {
    const wide = await newContext("volunteer", { width: DESKTOP.width });
    let page = await wide.newPage();
    await open(page, "/app/voluntario");
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos",
      "Minha área -> /app/voluntario [page]",
    ]);
    expect(await page.getByRole("banner").getByRole("link", { name: "Entrar" }).count()).toBe(0);
    await expectBrowseLinks(page);
    await shot(page, "navigation/volunteer-home-1280");
    await open(page, "/app/atualizar-voluntario");
    expect(await links(mainNav(page))).toContain("Minha área -> /app/voluntario [true]");
    // An error page keeps the person's header (it showed "Entrar" to a signed-in person).
    await open(page, "/pagina-que-nao-existe");
    await page.getByRole("heading", { name: "Página não encontrada" }).waitFor();
    expect(await links(mainNav(page))).toContain("Minha área -> /app/voluntario");
    expect(await page.getByRole("banner").getByRole("link", { name: "Entrar" }).count()).toBe(0);
    await wide.close();

    const phone = await newContext("volunteer");
    page = await phone.newPage();
    await open(page, "/app/voluntario");
    const sweep = new Sweep();
    await sweep.check(page, "volunteer home");
    // The name is whole (wrapped, never cut with "..."), inside the bar and the viewport.
    const badge = page.getByRole("banner").getByRole("link", { name: /Maria Aparecida/ });
    const name = badge.getByText("Maria Aparecida dos Santos Oliveira", { exact: true });
    expect(await name.isVisible()).toBe(true);
    expect(await notCut(name)).toEqual(WHOLE);
    await shot(page, "navigation/volunteer-home-390");
    await page.getByRole("button", { name: "Menu" }).click();
    const email = mainNav(page).getByText(LONG_EMAIL);
    await email.waitFor();
    expect(await notCut(email)).toEqual(WHOLE);
    expect(await links(mainNav(page))).toContain("Minha área -> /app/voluntario [page]");
    await shot(page, "navigation/header-volunteer-390-menu-open", { fullPage: false });
    await sweep.check(page, "volunteer, menu open");
    expect(sweep.findings).toEqual([]);
    await phone.close();
  });

  it("an institution: its area in the header, its whole name on a phone, and browsing from home", async () => {
    const phone = await newContext("institution");
    const page = await phone.newPage();
    await open(page, "/app/instituicao");
    const name = page
      .getByRole("banner")
      .getByRole("link", { name: /Instituto Mãos/ })
      .getByText("Instituto Mãos que Ajudam do Espírito Santo", { exact: true });
    expect(await notCut(name)).toEqual(WHOLE);
    await expectBrowseLinks(page);
    const sweep = new Sweep();
    await sweep.check(page, "institution home");
    await shot(page, "navigation/institution-home-390");
    await page.setViewportSize(DESKTOP);
    await shot(page, "navigation/institution-home-1280");
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos",
      "Minha área -> /app/instituicao [page]",
    ]);
    expect(sweep.findings).toEqual([]);
    await phone.close();
  });

  it("an admin: Administração in the site's header; the back-office wraps names and e-mails", async () => {
    const phone = await newContext("admin");
    const page = await phone.newPage();
    await open(page, "/eventos");
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await links(mainNav(page))).toEqual([
      "Instituições -> /instituicoes",
      "Eventos -> /eventos [page]",
      "Administração -> /admin/dashboard",
    ]);
    await page.goto(`${server.url}/admin/dashboard?secao=voluntarios`);
    await page.getByRole("heading", { level: 1, name: "Voluntários" }).waitFor();
    // Every e-mail of the list and of the header stays inside its box at 390 px.
    const emails = page.getByText(/@/);
    await expect.poll(() => emails.count(), POLL.ui).toBeGreaterThan(1);
    for (let i = 0; i < (await emails.count()); i++) {
      const email = emails.nth(i);
      if (!(await email.isVisible())) continue;
      expect(await notCut(email), (await email.textContent()) ?? "").toEqual(WHOLE);
    }
    expect(
      await page
        .getByRole("banner")
        .getByRole("link", { name: /página inicial/ })
        .getAttribute("href"),
    ).toBe("/");
    await shot(page, "navigation/admin-volunteers-390");
    await phone.close();
  });
});

/** What notCut answers for text shown whole. */
const WHOLE = { overflows: false, ellipsis: false, inViewport: true };

/** An area home's way out to the lists ("Explorar"). */
async function expectBrowseLinks(page: Page): Promise<void> {
  const explore = page.getByRole("navigation", { name: "Explorar" });
  expect(await explore.getByRole("link", { name: /Ver instituições/ }).getAttribute("href")).toBe(
    "/instituicoes",
  );
  expect(await explore.getByRole("link", { name: /Ver eventos/ }).getAttribute("href")).toBe(
    "/eventos",
  );
}

/** Whether an element's text is cut: wider than its box, ended with "...", or off the screen. */
function notCut(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const rect = node.getBoundingClientRect();
    return {
      // An inline box has no client width of its own: its line boxes are checked by the rect.
      overflows: style.display !== "inline" && node.scrollWidth > node.clientWidth + 1,
      ellipsis: style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none",
      inViewport: rect.left >= 0 && rect.right <= window.innerWidth + 0.5,
    };
  });
}
