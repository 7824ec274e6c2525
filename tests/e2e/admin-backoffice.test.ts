import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "~/db/client.server";
import { auditLog, events, users } from "~/db/schema";
import { HttpClient, redirectTarget } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { resetLinkIn, waitForMail } from "../helpers/mail";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";
import {
  type AdminWorld,
  chooseReason,
  confirmIn,
  expectResult,
  signInPage,
  startAdminWorld,
} from "./admin-support";

/**
 * The admin back-office (issue 6) in Chromium against a server of its own: moderation with its
 * e-mails and public effects, the lists, account deletion, the audit trail, the guards on every
 * door, accessibility and screenshots. Tests run in order and build on each other's actions.
 */

let world: AdminWorld;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let baseUrl: string;

const dash = (query: string) => `${baseUrl}/admin/dashboard?${query}`;
const acct = (key: string) => {
  const account = world.accounts[key];
  if (!account) throw new Error(`no account ${key}`);
  return account;
};

beforeAll(async () => {
  world = await startAdminWorld();
  baseUrl = world.server.url;
  browser = await launchBrowser();
  admin = await signInPage(browser, baseUrl, acct("admin"), "/admin/login");
});

afterAll(async () => {
  await browser?.close();
  await world?.server.stop();
});

describe("refusals", () => {
  it("refuses a volunteer and an institution on the page, the .data request and a direct POST", async () => {
    for (const key of ["vol01", "inst01"]) {
      const client = new HttpClient(baseUrl);
      expect((await client.signIn(acct(key))).status).toBe(302);
      for (const path of [
        "/admin",
        "/admin.data",
        "/admin/dashboard",
        "/admin/dashboard?secao=voluntarios",
        `/admin/dashboard?secao=instituicao&id=${acct("aurora").id}`,
        "/admin/dashboard.data",
        "/admin/dashboard.data?secao=auditoria",
      ]) {
        const response = await client.get(path);
        expect(await redirectTarget(response), `${key} GET ${path}`).toBe("/");
      }
      for (const path of ["/admin/dashboard", "/admin/dashboard.data", "/admin/dashboard?index"]) {
        const response = await client.post(path, {
          intent: "aprovar-instituicao",
          id: acct("aurora").id,
        });
        expect(await redirectTarget(response), `${key} POST ${path}`).toBe("/");
      }
      const deletion = await client.post("/admin/dashboard", {
        intent: "excluir-voluntario",
        id: acct("vol02").id,
      });
      expect(await redirectTarget(deletion)).toBe("/");
    }
    // Nothing happened: Aurora still waits for review and vol02 still exists.
    await admin.page.goto(dash(`secao=instituicao&id=${acct("aurora").id}`));
    await admin.page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    await admin.page.goto(dash(`secao=voluntario&id=${acct("vol02").id}`));
    await admin.page.getByRole("heading", { level: 1, name: "Visualizar voluntário" }).waitFor();
  });

  it("sends an anonymous visitor to the admin login", async () => {
    const response = await new HttpClient(baseUrl).get("/admin/dashboard?secao=eventos");
    expect(await redirectTarget(response)).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("lists", () => {
  it("pages volunteers 10 at a time with a window of 4 page numbers, and keeps the page on reload and back", async () => {
    const { page } = admin;
    await page.goto(dash("secao=voluntarios"));
    await page.getByText("42 cadastros", { exact: true }).waitFor();
    const pager = page.getByRole("navigation", { name: "Paginação" });
    const numbers = () => pager.getByRole("listitem").allTextContents();
    expect(await numbers()).toEqual(["1", "2", "3", "4"]);
    expect(await page.getByRole("row").count()).toBe(11);
    await pager.getByRole("link", { name: "Página 3" }).click();
    await page.waitForURL(/pagina=3/);
    await expect.poll(numbers, POLL.server).toEqual(["2", "3", "4", "5"]);
    await pager.getByRole("link", { name: "Página 5" }).click();
    await page.waitForURL(/pagina=5/);
    const current = (name: string) =>
      pager.getByRole("link", { name }).getAttribute("aria-current");
    await expect.poll(() => current("Página 5"), POLL.server).toBe("page");
    await expect
      .poll(() => pager.getByText("Próxima").getAttribute("aria-disabled"), POLL.server)
      .toBe("true");
    await expect.poll(() => page.getByRole("row").count(), POLL.server).toBe(3);
    await page.reload();
    expect(await current("Página 5")).toBe("page");
    await page
      .getByRole("link", { name: /^Visualizar / })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: "Visualizar voluntário" }).waitFor();
    expect(await page.getByRole("link", { name: "Voluntários" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page.goBack();
    await page.waitForURL(/secao=voluntarios&pagina=5/);
    await page.getByRole("heading", { level: 1, name: "Voluntários" }).waitFor();
  });

  it("searches without accents or case, shows the empty state, and Atualizar clears the search", async () => {
    const { page } = admin;
    await page.goto(dash("secao=voluntarios"));
    // docs/spec.md 2's texts, written "e-mail" as pt-BR writes it (docs/spec.md, difference 6).
    await page.getByPlaceholder("Buscar por nome ou e-mail", { exact: true }).waitFor();
    await page.getByRole("columnheader", { name: "E-mail", exact: true }).waitFor();
    await page.getByRole("searchbox").fill("JOAO RIBEIRAO");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.waitForURL(/busca=JOAO/);
    await page.getByRole("cell", { name: "João Ribeirão Acentuado", exact: true }).waitFor();
    await page.getByText("1 cadastro", { exact: true }).waitFor();
    await page.getByRole("searchbox").fill("ninguém-com-este-nome");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.getByText("Nenhum registro encontrado").waitFor();
    await page.getByRole("button", { name: "Atualizar" }).click();
    await page.waitForURL((url) => !url.search.includes("busca"));
    await page.getByText("42 cadastros", { exact: true }).waitFor();
    expect(await page.getByRole("searchbox").inputValue()).toBe("");
  });

  it("lists institutions under Pendentes by default; switching tab clears the search", async () => {
    const { page } = admin;
    await page.goto(dash("secao=instituicoes"));
    await page.getByText("2 cadastros pendentes", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Pendentes" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page.getByRole("searchbox").fill("aurora");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await page.getByText("1 cadastro pendente", { exact: true }).waitFor();
    await page.getByRole("link", { name: /^Todas/ }).click();
    await page.waitForURL(/aba=todas/);
    expect(page.url()).not.toContain("busca");
    await page.getByText("35 instituições", { exact: true }).waitFor();
    expect(await page.getByRole("searchbox").inputValue()).toBe("");
    expect(
      await page
        .getByRole("navigation", { name: "Paginação" })
        .getByRole("listitem")
        .allTextContents(),
    ).toEqual(["1", "2", "3", "4"]);
  });
});

describe("moderation", () => {
  it("approves a pending institution: public page, e-mail, back to the list", async () => {
    const aurora = acct("aurora");
    expect((await fetch(`${baseUrl}/instituicoes/${aurora.id}`)).status).toBe(404);
    const { page } = admin;
    await page.goto(dash("secao=dashboard"));
    await page.getByRole("link", { name: "Instituição Aurora" }).click();
    await page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("link", { name: "Aprovar" }).click();
    await confirmIn(page, "Aprovar instituição?", "Aprovar");
    await page.waitForURL(/secao=instituicoes&resultado=aprovado/);
    await expectResult(page, "Aprovado!");
    expect((await fetch(`${baseUrl}/instituicoes/${aurora.id}`)).status).toBe(200);
    // The /instituicoes list itself is checked in admin-moderation-loop.test.ts.
    const [mail] = await waitForMail(world.server.mailDir, aurora.email, "Cadastro aprovado");
    expect(mail.text).toContain("foi aprovado");
  });

  it("rejects the other one: stays hidden, e-mail arrives, and the pending tab is empty", async () => {
    const boreal = acct("boreal");
    const { page } = admin;
    await page.goto(dash(`secao=instituicao&id=${boreal.id}`));
    await page.getByRole("link", { name: "Reprovar" }).click();
    await chooseReason(page, "Reprovar instituição?");
    await confirmIn(page, "Reprovar instituição?", "Reprovar");
    await expectResult(page, "Reprovado!");
    await page.getByText("Nenhum cadastro pendente").waitFor();
    await page.getByText("0 cadastros pendentes", { exact: true }).waitFor();
    expect((await fetch(`${baseUrl}/instituicoes/${boreal.id}`)).status).toBe(404);
    await waitForMail(world.server.mailDir, boreal.email, "Cadastro não aprovado");
  });

  it("approves an event from its card and it is published", async () => {
    const { page } = admin;
    const id = world.events.pendingA;
    expect((await fetch(`${baseUrl}/eventos/${id}`)).status).toBe(404);
    await page.goto(dash("secao=eventos"));
    await expectNoAxeViolations(page, "events with cards");
    await shot(page, "admin/eventos-cartoes-1280");
    await page.getByRole("link", { name: "Aprovar evento Mutirão Aprovável" }).click();
    await confirmIn(page, "Aprovar evento?", "Aprovar evento");
    await expectResult(page, "Aprovado!");
    expect((await fetch(`${baseUrl}/eventos/${id}`)).status).toBe(200);
    expect(await (await fetch(`${baseUrl}/eventos`)).text()).toContain("Mutirão Aprovável");
    await waitForMail(
      world.server.mailDir,
      acct("inst01").email,
      "Evento aprovado: Mutirão Aprovável",
    );
  });

  it("rejects an event from its detail: hidden, e-mailed", async () => {
    const { page } = admin;
    const id = world.events.pendingB;
    await page.goto(dash(`secao=evento&id=${id}`));
    await page.getByRole("heading", { level: 1, name: "Evento pendente" }).waitFor();
    await page.getByRole("link", { name: "Reprovar" }).click();
    await chooseReason(page, "Reprovar evento?");
    await confirmIn(page, "Reprovar evento?", "Reprovar evento");
    await page.waitForURL(/secao=eventos&resultado=reprovado/);
    await expectResult(page, "Reprovado!");
    // The list opens on its default filters (issue 14): pending events from today on.
    await page.getByText("Nenhum evento pendente com data de hoje em diante.").waitFor();
    expect((await fetch(`${baseUrl}/eventos/${id}`)).status).toBe(404);
    await waitForMail(
      world.server.mailDir,
      acct("inst01").email,
      "Evento não aprovado: Bazar Reprovável",
    );
  });

  it("deletes an active event: it leaves the public site", async () => {
    const { page } = admin;
    const id = world.events.pendingA;
    // Published events are under their own filter since issue 14 (the default is Pendentes).
    await page.goto(dash("secao=eventos&situacao=publicados"));
    await page.getByRole("link", { name: "Excluir evento Mutirão Aprovável" }).click();
    await confirmIn(page, "Excluir evento?", "Excluir evento");
    // Back to the list as it was left.
    await page.waitForURL(/secao=eventos&situacao=publicados&resultado=excluido/);
    await expectResult(page, "Excluído!", "não aparece mais no site");
    expect((await fetch(`${baseUrl}/eventos/${id}`)).status).toBe(404);
  });
});

describe("accounts", () => {
  it("sends the reset-password e-mail from a volunteer's detail", async () => {
    const person = acct("resettable");
    const { page } = admin;
    await page.goto(dash(`secao=voluntario&id=${person.id}`));
    await page.getByRole("link", { name: "Resetar senha" }).click();
    await confirmIn(page, "Resetar senha?", "Enviar e-mail");
    await page
      .getByText(`E-mail de redefinição de senha enviado com sucesso para ${person.email}`)
      .waitFor();
    const [mail] = await waitForMail(world.server.mailDir, person.email, "Redefinição de senha");
    expect(resetLinkIn(mail)).toBeTruthy();
  });

  it("works without JavaScript: the confirmation is a step with a POST form", async () => {
    const person = acct("vol04");
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await admin.context.cookies());
    const page = await context.newPage();
    await page.goto(dash(`secao=voluntario&id=${person.id}`));
    await page.getByRole("link", { name: "Resetar senha" }).click();
    await page.waitForURL(/confirmar=resetar/);
    const dialog = page.getByRole("dialog", { name: "Resetar senha?" });
    await dialog.getByRole("button", { name: "Enviar e-mail" }).click();
    await page
      .getByRole("status")
      .filter({
        hasText: `E-mail de redefinição de senha enviado com sucesso para ${person.email}`,
      })
      .waitFor();
    await waitForMail(world.server.mailDir, person.email, "Redefinição de senha");
    await context.close();
  });

  it("deletes a volunteer: gone from the list and signed out everywhere", async () => {
    const person = acct("doomed");
    const victim = await signInPage(browser, baseUrl, person, "/auth/login");
    await victim.page.goto(`${baseUrl}/app/voluntario`);
    expect(new URL(victim.page.url()).pathname).toBe("/app/voluntario");
    const { page } = admin;
    await page.goto(dash("secao=voluntarios&busca=Exclu%C3%ADda"));
    await page.getByRole("link", { name: `Excluir voluntário ${person.name}` }).click();
    const dialog = page.getByRole("dialog", {
      name: "Tem certeza de que deseja excluir este voluntário?",
    });
    await expect
      .poll(() => dialog.textContent(), POLL.ui)
      .toContain("Esta ação não pode ser desfeita!");
    await expectNoAxeViolations(page, "delete confirmation");
    await shot(page, "admin/confirmar-exclusao-1280", { fullPage: false });
    await confirmIn(
      page,
      "Tem certeza de que deseja excluir este voluntário?",
      "Excluir voluntário",
    );
    await expectResult(page, "Excluído!", "Voluntário excluído com sucesso.");
    await page.goto(dash("secao=voluntarios&busca=Exclu%C3%ADda"));
    await page.getByText("Nenhum registro encontrado").waitFor();
    await victim.page.goto(`${baseUrl}/app/voluntario`);
    await victim.page.waitForURL(/\/auth\/login/);
    await victim.context.close();
  });

  it("deletes an institution: its account, sessions and events leave", async () => {
    const ocaso = acct("ocaso");
    const victim = await signInPage(browser, baseUrl, ocaso, "/auth/login");
    expect((await fetch(`${baseUrl}/eventos/${world.events.ocaso}`)).status).toBe(200);
    const { page } = admin;
    await page.goto(dash("secao=instituicoes&aba=todos&busca=ocaso"));
    await page.getByRole("link", { name: `Excluir instituição ${ocaso.name}` }).click();
    await confirmIn(
      page,
      "Tem certeza de que deseja excluir esta instituição?",
      "Excluir instituição",
    );
    await expectResult(page, "Excluído!", "Instituição excluída com sucesso!");
    expect((await fetch(`${baseUrl}/instituicoes/${ocaso.id}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/eventos/${world.events.ocaso}`)).status).toBe(404);
    await victim.page.goto(`${baseUrl}/app/instituicao`);
    await victim.page.waitForURL(/\/auth\/login/);
    await victim.context.close();
  });

  it("shows an error dialog when the record is already gone", async () => {
    const { page } = admin;
    await page.goto(dash(`secao=eventos&id=${world.events.pendingB}&confirmar=excluir`));
    await page.getByRole("dialog", { name: "Excluir evento?" }).waitFor();
    // Another admin (here: a direct POST) deletes it first.
    const cookies = await admin.context.cookies();
    const response = await fetch(`${baseUrl}/admin/dashboard`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: baseUrl,
        Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "excluir-evento", id: world.events.pendingB }),
    });
    expect(response.status).toBe(302);
    await confirmIn(page, "Excluir evento?", "Excluir evento");
    const error = page.getByRole("dialog", { name: "Erro" });
    // Issue 39: who decided first, and when, instead of a generic failure.
    await expect
      .poll(() => error.textContent())
      .toMatch(
        /Este evento já foi excluído por Administração de Teste em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./,
      );
    await expectNoAxeViolations(page, "error dialog");
    await shot(page, "admin/erro-1280", { fullPage: false });
  });
});

describe("audit, accessibility and looks", () => {
  it("lists every action of this test, newest first", async () => {
    const { page } = admin;
    await page.goto(dash("secao=auditoria"));
    const actions = await page.getByRole("row").allTextContents();
    const labels = [
      "Excluiu evento",
      "Excluiu instituição",
      "Excluiu voluntário",
      "Enviou redefinição de senha",
      "Enviou redefinição de senha",
      "Excluiu evento",
      "Reprovou evento",
      "Aprovou evento",
      "Reprovou instituição",
      "Aprovou instituição",
    ];
    labels.forEach((label, index) => {
      expect(actions[index + 1], `row ${index + 1}`).toContain(label);
    });
    expect(actions[1]).toContain("Administração de Teste");
  });

  const sections = () => ({
    dashboard: "secao=dashboard",
    voluntarios: "secao=voluntarios",
    instituicoes: "secao=instituicoes&aba=todos",
    eventos: "secao=eventos",
    auditoria: "secao=auditoria",
    voluntario: `secao=voluntario&id=${acct("vol03").id}`,
    instituicao: `secao=instituicao&id=${acct("inst03").id}`,
    evento: `secao=evento&id=${world.events.pendingB}`,
    confirmar: `secao=instituicao&id=${acct("inst03").id}&confirmar=resetar`,
    resultado: "secao=instituicoes&resultado=aprovado",
  });

  it.each([1280, 390])(
    "has no axe violations and looks finished at %i px",
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies(await admin.context.cookies());
      const page = await context.newPage();
      const pageProblems = watchPageProblems(page);
      for (const [name, query] of Object.entries(sections())) {
        await page.goto(dash(query));
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await expectNoAxeViolations(page, `${name} at ${width}`);
        await shot(page, `admin/${name}-${width}`);
      }
      await context.close();
      expect(pageProblems()).toEqual([]);
    },
    180_000,
  );

  it("stored DELETED for deleted events and really removed the accounts", async () => {
    await browser.close();
    const database = await world.server.stopAndOpenDatabase();
    try {
      const stored = await database.select({ id: events.id, status: events.status }).from(events);
      expect(stored.find((row) => row.id === world.events.pendingA)?.status).toBe("DELETED");
      expect(stored.find((row) => row.id === world.events.ocaso)).toBeUndefined();
      const ids = (await database.select({ id: users.id }).from(users)).map((row) => row.id);
      expect(ids).not.toContain(acct("doomed").id);
      expect(ids).not.toContain(acct("ocaso").id);
      const trail = await database.select().from(auditLog);
      expect(trail.every((entry) => entry.actorId === acct("admin").id)).toBe(true);
    } finally {
      await closeDatabase();
    }
  });
});
