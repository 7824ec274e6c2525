import type { Browser, BrowserContext, FileChooser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  chooseWithArrows,
  expectFocusVisible,
  isFocused,
  tabTo,
  typeInto,
} from "../helpers/a11y-keyboard";
import { testIp, uniqueCnpj } from "../helpers/accounts";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { logServerOnFailure, pictures } from "../helpers/members";
import { VALID_PASSWORD } from "../helpers/signup-rules";
import { waitForStep } from "../helpers/signup-wizard";
import { POLL, waitFor } from "../helpers/wait";

/**
 * Keyboard only (WCAG 2.1.1, 2.1.2, 2.4.3, 2.4.7): an institution signs up through the whole
 * wizard, pictures included (the file chooser opened from its button with Enter), and an admin
 * approves it, with Tab, Shift+Tab, typing, Enter, Space, arrows and Escape. Every control
 * reached by Tab shows its focus; the confirmation dialog takes the focus, keeps it inside and
 * gives it back to the button that opened it. Locators only read the page.
 */
let server: FixtureServer<"admin">;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** File choosers the page opened, oldest first (see newPage). */
let choosers: FileChooser[] = [];
const institution = {
  name: "Instituto Teclado Livre",
  email: `teclado.${Date.now()}@teste.org.br`,
};

beforeAll(async () => {
  server = await startFixtureServer({ accounts: { admin: { kind: "admin" } } });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(({ task }) => logServerOnFailure(task, server));

async function newPage() {
  await context?.close();
  context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    extraHTTPHeaders: { "X-Forwarded-For": testIp() },
  });
  page = await context.newPage();
  // Listening from the start: Playwright intercepts file choosers only once someone listens,
  // and a listener added just before the key press can lose the race with the press itself.
  choosers = [];
  page.on("filechooser", (chooser) => choosers.push(chooser));
}

/** Tabs to the button and presses Enter. */
async function pressButton(name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await tabTo(page, button, `"${name}"`);
  await page.keyboard.press("Enter");
}

/** The picture group's "Enviar foto" opened with Enter; the chooser receives the file. */
async function choosePicture(group: string, file: Awaited<ReturnType<typeof pictures>>["photo"]) {
  const region = page.getByRole("group", { name: group, exact: true });
  await tabTo(page, region.getByRole("button", { name: "Enviar foto" }), `${group}: Enviar foto`);
  await page.keyboard.press("Enter");
  const chooser = await waitFor(() => choosers.shift(), { message: `${group}: the file chooser` });
  await chooser.setFiles(file);
  await region.getByRole("button", { name: "Alterar foto" }).waitFor();
}

describe("keyboard only", { timeout: 180_000 }, () => {
  it("signs an institution up through every step of the wizard", async () => {
    await newPage();
    const files = await pictures();
    await page.goto(`${server.url}/auth/cadastro`);
    await waitForStep(page, "Escolha o tipo de cadastro", true);

    // Step 1: the checked card takes the focus; an arrow moves the choice.
    await tabTo(page, page.getByRole("radio", { name: /^Voluntário/ }), "the profile choice");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /^Instituição/ }).isChecked()).toBe(true);
    await expectFocusVisible(page.getByRole("radio", { name: /^Instituição/ }), "Instituição");
    await pressButton("Próximo");

    // Step 2: text fields, the terms checkbox with Space.
    await waitForStep(page, "Crie sua conta", true);
    await typeInto(page, page.getByLabel("E-mail", { exact: true }), "E-mail", institution.email);
    await typeInto(page, page.getByLabel("Telefone", { exact: true }), "Telefone", "31987654321");
    await typeInto(page, page.getByLabel("Senha", { exact: true }), "Senha", VALID_PASSWORD);
    await typeInto(
      page,
      page.getByLabel("Confirme a senha", { exact: true }),
      "Confirme a senha",
      VALID_PASSWORD,
    );
    const terms = page.getByRole("checkbox", { name: /Li e aceito/ });
    await tabTo(page, terms, "the terms checkbox");
    await page.keyboard.press("Space");
    expect(await terms.isChecked()).toBe(true);
    await pressButton("Próximo");

    // Step 3: the state and city selects with the arrow keys.
    await waitForStep(page, "Dados da instituição", true);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await typeInto(page, field("Nome da instituição"), "Nome da instituição", institution.name);
    await typeInto(page, field("CNPJ"), "CNPJ", uniqueCnpj());
    await typeInto(page, field("Responsável"), "Responsável", "Marta Ribeiro");
    await chooseWithArrows(page, field("Estado"), "Estado", "AC");
    const city = page.getByRole("combobox", { name: "Cidade" });
    await expect.poll(() => city.isEnabled(), POLL.server).toBe(true);
    await chooseWithArrows(page, city, "Cidade", "Rio Branco");
    await typeInto(page, field("Logradouro"), "Logradouro", "Rua Epaminondas Jácome");
    await typeInto(page, field("Número"), "Número", "120");
    await typeInto(page, field("Bairro"), "Bairro", "Centro");
    await pressButton("Próximo");

    // Step 4: both pictures through their buttons, texts, and a radio fixed with Shift+Tab.
    await waitForStep(page, "Perfil da instituição", true);
    await choosePicture("Foto de perfil", files.photo);
    await choosePicture("Foto de capa", files.cover);
    await typeInto(page, field("Resumo"), "Resumo", "Reforço escolar para crianças do bairro.");
    await typeInto(
      page,
      field("Sobre"),
      "Sobre",
      "Aulas de reforço e leitura, de segunda a sexta.",
    );
    await typeInto(
      page,
      field("E-mail de contato para candidatos"),
      "E-mail de contato",
      "contato@teclado.org.br",
    );
    const presencial = page.getByRole("radio", { name: "Presencial" });
    await tabTo(page, presencial, "Tipo de voluntariado", { backwards: true });
    await page.keyboard.press("ArrowDown");
    expect(await presencial.isChecked()).toBe(false);
    await pressButton("Criar conta");

    // The progress screen, then the pending institution's home.
    await page.getByRole("progressbar", { name: "Criando sua conta" }).waitFor();
    await page.waitForURL(`${server.url}/app/instituicao`, { timeout: 30_000 });
    // The URL changes a moment before the new page renders: wait for the page, not the URL.
    await expect
      .poll(() => page.getByRole("main").textContent(), { timeout: 10_000 })
      .toContain(institution.name);
  });

  it("approves it as admin: focus visible, the dialog keeps the focus and gives it back", async () => {
    await newPage();
    await page.goto(`${server.url}/admin/login`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await typeInto(page, page.getByLabel("E-mail"), "E-mail", server.accounts.admin.email);
    const password = page.getByLabel("Senha", { exact: true });
    await typeInto(page, password, "Senha", server.accounts.admin.password);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/admin\/dashboard/);

    await tabTo(
      page,
      page.getByRole("link", { name: institution.name }),
      "the pending institution",
      {
        max: 80,
      },
    );
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    const id = new URL(page.url()).searchParams.get("id");
    expect((await fetch(`${server.url}/instituicoes/${id}`)).status).toBe(404);

    const approve = page.getByRole("link", { name: "Aprovar" });
    await tabTo(page, approve, "Aprovar", { max: 80 });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Aprovar instituição?" });
    await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
    await expect
      .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);
    // Tab and Shift+Tab never reach the page behind (leaving for the browser's own UI is
    // allowed: the document then has no focused element of its own).
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return "browser";
        return active.closest("dialog[open]") ? "dialog" : `page: ${active.outerHTML.slice(0, 80)}`;
      });
      expect(where, `focus after ${key}`).toMatch(/^(dialog|browser)$/);
    }
    // Escape closes it and the focus is back on "Aprovar".
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(approve), POLL.ui).toBe(true);

    // Again, and confirm.
    await page.keyboard.press("Enter");
    await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
    await tabTo(page, dialog.getByRole("button", { name: "Aprovar" }), "the dialog's Aprovar");
    await page.keyboard.press("Enter");
    const done = page.getByRole("dialog", { name: "Aprovado!" });
    await expect
      .poll(() => done.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);
    await tabTo(page, done.getByRole("button", { name: "OK" }), "OK");
    await page.keyboard.press("Enter");
    await done.waitFor({ state: "detached" });
    expect((await fetch(`${server.url}/instituicoes/${id}`)).status).toBe(200);
  });
});
