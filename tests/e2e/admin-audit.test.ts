import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import type { FixtureServer } from "../helpers/fixture-server";
import { startFixtureServer } from "../helpers/fixture-server";
import { shot } from "../helpers/screenshots";
import { POLL } from "../helpers/wait";
import { confirmIn, expectResult, filterAudit, signInPage } from "./admin-support";

/**
 * The audit section (issue 14) in Chromium: the admin acts, then finds those actions and an
 * older history by who acted, by action and by period, pages through them with the filters kept,
 * downloads the filtered trail as CSV through the link, and the section reads well at 390 px.
 * Tests run in order and build on each other's actions.
 */

type Key = "admin" | "beto" | "alvorada" | "forgetful";
let server: FixtureServer<Key>;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };

const FORMULA = '=HIPERLINK("http://x.test";"clique")';
const audit = (query = "") => `${server.url}/admin/dashboard?secao=auditoria${query}`;

beforeAll(async () => {
  server = await startFixtureServer<Key>({
    accounts: {
      admin: { kind: "admin", name: "Administradora Auditora" },
      beto: { kind: "admin", name: "Beto Revisor" },
      alvorada: { kind: "institution", status: "PENDING", name: "Instituição Alvorada" },
      forgetful: { kind: "volunteer", name: "Vânia Esquecida" },
    },
    // An older history by another admin: 13 entries (two pages) in January 2026.
    beforeStart: async (db, accounts) => {
      const entry = (action: string, at: string, name: string) => ({
        actorId: accounts.beto.id,
        action,
        targetType: action.startsWith("event") ? "event" : "institution",
        targetId: crypto.randomUUID(),
        at: new Date(at),
        details: { name },
      });
      const rows = [];
      for (let day = 1; day <= 11; day++) {
        const date = `2026-01-${String(day).padStart(2, "0")}`;
        rows.push(entry("event.approve", `${date}T15:00:00Z`, `Evento Histórico ${day}`));
      }
      // 14/01 at 23:30 and 15/01 at 23:30 in Brasília (already the next day in UTC).
      rows.push(entry("institution.reject", "2026-01-15T02:30:00Z", "Associação Ação Já"));
      rows.push(entry("institution.reject", "2026-01-16T02:30:00Z", FORMULA));
      await db.insert(auditLog).values(rows);
    },
  });
  browser = await launchBrowser();
  admin = await signInPage(browser, server.url, server.accounts.admin, "/admin/login");
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The table's rows (its header first) as the admin reads them. */
const rows = (page: Page) => page.getByRole("row").allInnerTexts();

describe("the audit section", () => {
  it("shows the admin's own actions, newest first, beside the older history", async () => {
    const { page } = admin;
    await page.goto(
      `${server.url}/admin/dashboard?secao=instituicao&id=${server.accounts.alvorada.id}`,
    );
    await page.getByRole("link", { name: "Aprovar" }).click();
    await confirmIn(page, "Aprovar instituição?", "Aprovar");
    await expectResult(page, "Aprovado!");
    await page.goto(
      `${server.url}/admin/dashboard?secao=voluntario&id=${server.accounts.forgetful.id}`,
    );
    await page.getByRole("link", { name: "Resetar senha" }).click();
    await confirmIn(page, "Resetar senha?", "Enviar e-mail");
    // "Email" before issue 14's wording review, "E-mail" after it.
    await page.getByText(/E-?mail de redefinição de senha enviado com sucesso/).waitFor();

    await page.goto(audit());
    await page.getByText("15 registros", { exact: true }).waitFor();
    const shown = await rows(page);
    expect(shown).toHaveLength(11);
    for (const text of [
      "Administradora Auditora",
      "Enviou redefinição de senha",
      "Vânia Esquecida",
    ]) {
      expect(shown[1]).toContain(text);
    }
    expect(shown[2]).toContain("Aprovou instituição");
    expect(shown[2]).toContain("Instituição Alvorada");
    expect(shown[3]).toContain("Beto Revisor");
  });

  it("filters by who acted and pages through them with the filter kept", async () => {
    const { page } = admin;
    await filterAudit(page, { quem: "beto" });
    expect(new URL(page.url()).searchParams.get("quem")).toBe("beto");
    await page.getByText("13 registros", { exact: true }).waitFor();
    const first = await rows(page);
    expect(first).toHaveLength(11);
    expect(first.slice(1).every((row) => row.includes("Beto Revisor"))).toBe(true);
    await page.getByRole("link", { name: "Página 2" }).click();
    await page.waitForURL(/pagina=2/);
    expect(new URL(page.url()).searchParams.get("quem")).toBe("beto");
    await expect.poll(() => rows(page), POLL.server).toHaveLength(4);
    expect((await rows(page)).at(-1)).toContain("Evento Histórico 1");
    // The form shows the filter in use; "Limpar filtros" goes back to the whole trail.
    expect(await page.getByLabel("Quem", { exact: true }).inputValue()).toBe("beto");
    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await page.getByText("15 registros", { exact: true }).waitFor();
    expect(await page.getByLabel("Quem", { exact: true }).inputValue()).toBe("");
  });

  it("filters by action, and says so when nothing matches", async () => {
    const { page } = admin;
    await filterAudit(page, { acao: "Aprovou instituição" });
    await page.getByText("1 registro", { exact: true }).waitFor();
    const shown = await rows(page);
    expect(shown).toHaveLength(2);
    expect(shown[1]).toContain("Instituição Alvorada");
    expect(shown[1]).toContain("Administradora Auditora");
    // Every action of the list is offered, by its label.
    const options = await page
      .getByLabel("Ação", { exact: true })
      .locator("option")
      .allTextContents();
    expect(options).toContain("Excluiu a própria conta");
    expect(options).toContain("Alterou configuração");
    await filterAudit(page, { quem: "beto", acao: "Excluiu evento" });
    await page.getByText("Nenhuma ação encontrada com esses filtros.").waitFor();
    await page.getByText("0 registros", { exact: true }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: "Exportar CSV" }).count()).toBe(0);
  });

  it("filters by a period of days in Brasília time, and explains a wrong one", async () => {
    const { page } = admin;
    await filterAudit(page, { de: "2026-01-15", ate: "2026-01-15" });
    await page.getByText("1 registro", { exact: true }).waitFor();
    expect((await rows(page))[1]).toContain(FORMULA);
    await filterAudit(page, { quem: "Beto", acao: "Reprovou instituição", de: "2026-01-14" });
    await page.getByText("2 registros", { exact: true }).waitFor();
    expect((await rows(page))[2]).toContain("Associação Ação Já");

    await filterAudit(page, { de: "2026-01-20", ate: "2026-01-10" });
    const end = page.getByLabel("Até", { exact: true });
    await expect.poll(() => end.getAttribute("aria-invalid"), POLL.ui).toBe("true");
    await page.getByText("A data final não pode ser anterior à data inicial.").waitFor();
    await page.getByText("Corrija o período para ver o histórico.").waitFor();
    expect(await page.getByRole("row").count()).toBe(0);
  });

  it("works without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(await admin.context.cookies());
    const page = await context.newPage();
    await page.goto(audit());
    await filterAudit(page, { quem: "Auditora" });
    await page.getByText("2 registros", { exact: true }).waitFor();
    await context.close();
  });
});

describe("the CSV export", () => {
  it("downloads the whole filtered trail through the link, ready for a spreadsheet", async () => {
    const { page } = admin;
    await page.goto(audit("&quem=beto"));
    await page.getByText("13 registros", { exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = parse(bytes.toString("utf8"), { delimiter: ";", bom: true }) as string[][];
    expect(table[0]).toEqual(["Data/hora", "Quem", "Ação", "Tipo", "Registro", "ID"]);
    // All 13 entries, not the page of 10.
    expect(table).toHaveLength(14);
    expect(table[1]).toEqual([
      "15/01/2026 23:30:00",
      `Beto Revisor (${server.accounts.beto.email})`,
      "Reprovou instituição",
      "Instituição",
      `'${FORMULA}`,
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    ]);
    expect(table[2]?.[4]).toBe("Associação Ação Já");

    const response = await admin.context.request.get(`${server.url}/admin/auditoria.csv?quem=beto`);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="auditoria-/);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    // A hand-made link with a wrong period gets the section's message, not a file.
    const wrong = await admin.context.request.get(
      `${server.url}/admin/auditoria.csv?de=2026-01-20&ate=2026-01-10`,
    );
    expect(wrong.status()).toBe(400);
    expect(await wrong.text()).toBe("A data final não pode ser anterior à data inicial.");
  });
});

describe("looks", () => {
  it.each([390, 1280])(
    "has no axe violations and nothing wider than the screen at %i px",
    async (width) => {
      // pt-BR, as the admins' browsers are: the date fields read dd/mm/aaaa.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: "pt-BR",
      });
      await context.addCookies(await admin.context.cookies());
      const page = await context.newPage();
      const problems = watchPageProblems(page);
      for (const [name, query] of [
        ["todos", ""],
        ["filtrado", "&quem=beto&acao=institution.reject&de=2026-01-01&ate=2026-01-31"],
        ["periodo-invalido", "&de=2026-01-20&ate=2026-01-10"],
      ] as const) {
        await page.goto(audit(query));
        await page.getByRole("heading", { level: 1, name: "Auditoria" }).waitFor();
        await expectNoAxeViolations(page, `audit ${name} at ${width}`);
        const overflow = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(overflow.scroll, `${name} at ${width}`).toBeLessThanOrEqual(overflow.client);
        await shot(page, `admin/auditoria-${name}-${width}`);
      }
      if (width === 390) {
        // A phone reads each entry as a card, every field at hand: no table to scroll sideways.
        await page.goto(audit());
        const cards = page.getByRole("list", { name: /Histórico de ações/ }).getByRole("listitem");
        await expect.poll(() => cards.count(), POLL.ui).toBe(10);
        expect(await cards.first().textContent()).toContain("Quem");
        expect(await page.getByRole("table").count()).toBe(0);
      }
      await context.close();
      expect(problems()).toEqual([]);
    },
    120_000,
  );
});
