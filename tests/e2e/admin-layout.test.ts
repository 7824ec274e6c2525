import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, institutions } from "~/db/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { overflowingElements } from "../helpers/layout";
import { PHONE } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { signInPage } from "./admin-support";

/**
 * Issue 14: every admin section and dialog at 390 px, with the records that used to break it
 * (long e-mails and names, a rejection's reason, a resubmission's changes, a proposed name): no
 * element wider than its box or the viewport, and no axe violation.
 */

const LONG_LOCAL = "contato.institucional.da.associacao.beneficente";
const LONG_NAME = "Associação Beneficente de Amparo e Desenvolvimento Comunitário";

type Key = "admin" | "volunteer" | "pending" | "rejected" | "resubmitted" | "renamed";
let server: FixtureServer<Key>;
let browser: Browser;
let page: Page;
let problems: () => string[];

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      admin: { kind: "admin", name: "Administração do Layout" },
      volunteer: {
        kind: "volunteer",
        name: "Maria Aparecida dos Santos Oliveira Figueiredo",
        email: `${LONG_LOCAL}.voluntaria@provedor-de-email-muito-longo.com.br`,
      },
      pending: {
        kind: "institution",
        status: "PENDING",
        name: LONG_NAME,
        email: `${LONG_LOCAL}@provedor-de-email-muito-longo.org.br`,
      },
      rejected: { kind: "institution", status: "REJECTED", name: "Instituição Reprovada" },
      resubmitted: { kind: "institution", status: "PENDING", name: "Instituição Reenviada" },
      renamed: { kind: "institution", status: "APPROVED", name: "Instituição Renomeada" },
    },
    events: [
      { key: "pending", institution: "renamed", name: "Mutirão de Limpeza", status: "PENDING" },
      { key: "approved", institution: "renamed", name: "Feira Solidária", status: "APPROVED" },
    ],
    beforeStart: async (db, accounts) => {
      const id = (key: Key) => accounts[key].id;
      await db
        .update(institutions)
        .set({ reviewReason: `Outro motivo. ${"Informações incompletas ".repeat(12)}` })
        .where(eq(institutions.userId, id("rejected")));
      await db
        .update(institutions)
        .set({
          reviewReason: "A descrição não deixa claro o trabalho da instituição.",
          resubmittedAt: new Date(),
          resubmissionChanges: [
            { field: "Resumo", before: "Resumo antigo", after: "Resumo novo e mais claro" },
            { field: "Site", before: "", after: `https://${LONG_LOCAL}.org.br/quem-somos` },
          ],
        })
        .where(eq(institutions.userId, id("resubmitted")));
      await db
        .update(institutions)
        .set({ proposedName: LONG_NAME })
        .where(eq(institutions.userId, id("renamed")));
      await db
        .update(events)
        .set({ eventDate: inDays(20) })
        .where(eq(events.institutionId, id("renamed")));
    },
  });
  browser = await launchBrowser();
  ({ page } = await signInPage(browser, server.url, server.accounts.admin, "/admin/login", PHONE));
  // The sign-in's own navigation settles before the watch starts: it is not a screen of the panel.
  await page.waitForLoadState("networkidle");
  problems = watchPageProblems(page);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const account = (key: Key) => server.accounts[key].id;
const event = (key: string) => server.ids[key] ?? "";

/** Every section, a record of each kind and state, and every dialog the query can open. */
function screens(): [string, string][] {
  return [
    ["dashboard", "secao=dashboard"],
    ["voluntarios", "secao=voluntarios"],
    ["instituicoes pendentes", "secao=instituicoes"],
    ["instituicoes aprovadas", "secao=instituicoes&aba=aprovadas"],
    ["instituicoes reprovadas", "secao=instituicoes&aba=reprovadas"],
    ["instituicoes todas", "secao=instituicoes&aba=todas"],
    ["eventos", "secao=eventos"],
    ["auditoria", "secao=auditoria"],
    ["voluntario", `secao=voluntario&id=${account("volunteer")}`],
    ["instituicao pendente", `secao=instituicao&id=${account("pending")}`],
    ["instituicao reprovada", `secao=instituicao&id=${account("rejected")}`],
    ["instituicao reenviada", `secao=instituicao&id=${account("resubmitted")}`],
    ["instituicao novo nome", `secao=instituicao&id=${account("renamed")}`],
    ["evento pendente", `secao=evento&id=${event("pending")}`],
    ["evento publicado", `secao=evento&id=${event("approved")}`],
    [
      "dialogo excluir voluntario",
      `secao=voluntarios&id=${account("volunteer")}&confirmar=excluir`,
    ],
    ["dialogo resetar voluntario", `secao=voluntario&id=${account("volunteer")}&confirmar=resetar`],
    ["dialogo aprovar instituicao", `secao=instituicao&id=${account("pending")}&confirmar=aprovar`],
    [
      "dialogo reprovar instituicao",
      `secao=instituicao&id=${account("pending")}&confirmar=reprovar`,
    ],
    [
      "dialogo reabrir instituicao",
      `secao=instituicao&id=${account("rejected")}&confirmar=reabrir`,
    ],
    ["dialogo resetar instituicao", `secao=instituicao&id=${account("renamed")}&confirmar=resetar`],
    ["dialogo aprovar nome", `secao=instituicao&id=${account("renamed")}&confirmar=aprovar-nome`],
    ["dialogo recusar nome", `secao=instituicao&id=${account("renamed")}&confirmar=recusar-nome`],
    [
      "dialogo excluir instituicao",
      `secao=instituicoes&aba=todas&id=${account("pending")}&confirmar=excluir`,
    ],
    ["dialogo aprovar evento", `secao=evento&id=${event("pending")}&confirmar=aprovar`],
    ["dialogo reprovar evento", `secao=evento&id=${event("pending")}&confirmar=reprovar`],
    ["dialogo reabrir evento", `secao=evento&id=${event("approved")}&confirmar=reabrir`],
    ["dialogo excluir evento", `secao=evento&id=${event("approved")}&confirmar=excluir`],
    ["resultado aprovado", "secao=instituicoes&resultado=aprovado"],
    ["resultado reprovado", "secao=instituicoes&resultado=reprovado"],
    ["resultado reaberto", `secao=instituicao&id=${account("rejected")}&resultado=reaberto`],
    ["resultado excluido", "secao=eventos&resultado=excluido"],
    ["resultado configuracao salva", "secao=eventos&resultado=configuracao-salva"],
    [
      "resultado nome aprovado",
      `secao=instituicao&id=${account("renamed")}&resultado=nome-aprovado`,
    ],
    [
      "resultado senha enviada",
      `secao=voluntario&id=${account("volunteer")}&resultado=senha-enviada`,
    ],
  ];
}

/** The screens in three runs, each within a test's time on a loaded machine (37 axe sweeps). */
const GROUPS = ["sections and records", "dialogs", "results"] as const;
const groupOf = (name: string): (typeof GROUPS)[number] =>
  name.startsWith("dialogo")
    ? "dialogs"
    : name.startsWith("resultado")
      ? "results"
      : "sections and records";
/** How many of the page's problems the screens so far have accounted for. */
let seen = 0;

describe("the admin panel at 390 px", () => {
  it.each(GROUPS)(
    "has every screen (%s) inside the screen, with no axe violation",
    async (group) => {
      const failures: string[] = [];
      for (const [name, query] of screens().filter(([name]) => groupOf(name) === group)) {
        await page.goto(`${server.url}/admin/dashboard?${query}`);
        await page.locator("#titulo-secao").waitFor();
        const dialog = page.getByRole("dialog");
        if (query.includes("confirmar=") || query.includes("resultado=")) {
          if (!query.includes("senha-enviada")) await dialog.waitFor();
        }
        // Pictures in place (their size is part of the layout) before measuring.
        await page.waitForFunction(() => [...document.images].every((image) => image.complete));
        for (const problem of await overflowingElements(page)) failures.push(`${name}: ${problem}`);
        const seenNow = problems();
        for (const problem of seenNow.slice(seen)) failures.push(`${name}: ${problem}`);
        seen = seenNow.length;
        await expectNoAxeViolations(page, name);
        await shot(page, `admin/layout-${name.replaceAll(" ", "-")}-390`);
      }
      if (group === GROUPS[GROUPS.length - 1]) {
        for (const problem of problems().slice(seen))
          failures.push(`after the last screen: ${problem}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it("shows the 'Erro' dialog inside the screen when a decision was already taken", async () => {
    const id = account("resubmitted");
    await page.goto(`${server.url}/admin/dashboard?secao=instituicao&id=${id}&confirmar=aprovar`);
    const dialog = page.getByRole("dialog", { name: "Aprovar instituição?" });
    await expect
      .poll(() => dialog.evaluate((node) => node.matches(":modal")), { timeout: 10_000 })
      .toBe(true);
    // Someone else decides first (the same form, posted from this page's own origin).
    const status = await page.evaluate(async (recordId) => {
      const body = new URLSearchParams({ intent: "aprovar-instituicao", id: recordId });
      const response = await fetch(location.href, { method: "POST", body, redirect: "manual" });
      return response.type === "opaqueredirect" ? 302 : response.status;
    }, id);
    expect(status).toBe(302);
    await dialog.getByRole("button", { name: "Aprovar" }).click();
    const error = page.getByRole("dialog", { name: "Erro" });
    await error.waitFor();
    expect(await error.textContent()).toMatch(
      /Esta instituição já foi aprovada por Administração do Layout em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./,
    );
    expect(await overflowingElements(page)).toEqual([]);
    await expectNoAxeViolations(page, "the Erro dialog");
    await error.getByRole("button", { name: "OK" }).click();
    await error.waitFor({ state: "detached" });
  });
});
