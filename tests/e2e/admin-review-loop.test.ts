import { eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { institutions } from "~/db/schema";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { overflowingElements } from "../helpers/layout";
import { waitForMail } from "../helpers/mail";
import { phonePage, signedInClient, todayInBrazil } from "../helpers/members";
import { POLL } from "../helpers/wait";
import { confirmIn, expectResult, filterAudit, signInPage } from "./admin-support";
import { listCards } from "./public-support";

/**
 * Issue 14's loop of a decision with a reason, end to end: the admin rejects an institution with
 * a reason; the institution receives it by e-mail, reads it on its screen, corrects its summary
 * and resubmits; the admin finds it "Reenviado" with what changed and approves it; the public
 * directory lists it; each step is in the audit trail and found by its filters.
 */

const NAME = "Horta Viva Comunitária";
const OLD_SUMMARY = "Uma horta no bairro.";
const NEW_SUMMARY = "Hortas comunitárias e oficinas de culinária para famílias do bairro.";
const REASON_LABEL = "A descrição não deixa claro o trabalho da instituição";
const DETAILS = "Contem quais atividades os voluntários fazem.";
const REASON = `${REASON_LABEL}. ${DETAILS}`;

const RENAMED = "Instituto Nome Antigo";
const NEW_NAME = "Instituto Nome Novo";

let server: FixtureServer<"admin" | "horta" | "renamed">;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      admin: { kind: "admin", name: "Admin da Revisão" },
      horta: { kind: "institution", status: "PENDING", name: NAME },
      renamed: { kind: "institution", status: "APPROVED", name: RENAMED },
    },
    beforeStart: async (db, accounts) => {
      await db
        .update(institutions)
        .set({ summary: OLD_SUMMARY })
        .where(eq(institutions.userId, accounts.horta.id));
      await db
        .update(institutions)
        .set({ proposedName: NEW_NAME })
        .where(eq(institutions.userId, accounts.renamed.id));
    },
  });
  browser = await launchBrowser();
  admin = await signInPage(browser, server.url, server.accounts.admin, "/admin/login");
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dash = (query: string) => `${server.url}/admin/dashboard?${query}`;

async function directoryNames(term: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/instituicoes?busca=${encodeURIComponent(term)}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const names = await listCards(page, "Instituições encontradas")
    .getByRole("heading")
    .allInnerTexts();
  await context.close();
  return names;
}

/** The audit rows (without the header) for the filters given, as the admin reads them. */
async function auditRows(fields: { quem?: string; acao?: string; de?: string; ate?: string }) {
  const { page } = admin;
  await page.goto(dash("secao=auditoria"));
  await filterAudit(page, fields);
  return (await page.getByRole("row").allInnerTexts()).slice(1);
}

describe("a rejection with a reason, corrected and approved", () => {
  it("the admin rejects the pending institution with a reason", async () => {
    const { page } = admin;
    await page.goto(dash(`secao=instituicao&id=${server.accounts.horta.id}`));
    await page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    await page.getByRole("link", { name: "Reprovar" }).click();
    const dialog = page.getByRole("dialog", { name: "Reprovar instituição?" });
    await expect.poll(() => dialog.evaluate((node) => node.matches(":modal")), POLL.ui).toBe(true);
    await expectNoAxeViolations(page, "the rejection dialog");
    await dialog.getByLabel(REASON_LABEL).check();
    await dialog.getByLabel(/Detalhes para a instituição/).fill(DETAILS);
    await confirmIn(page, "Reprovar instituição?", "Reprovar");
    await expectResult(page, "Reprovado!");
    expect((await fetch(`${server.url}/instituicoes/${server.accounts.horta.id}`)).status).toBe(
      404,
    );
  });

  it("the institution receives the reason by e-mail, reads it, corrects its summary and resubmits", async () => {
    const horta = server.accounts.horta;
    const [mail] = await waitForMail(server.mailDir, horta.email, `Cadastro não aprovado: ${NAME}`);
    expect(mail.text).toContain(`Motivo: ${REASON}`);
    expect(mail.text).toContain("/app/instituicao");

    const { page, problems } = await phonePage(browser, await signedInClient(server, horta));
    await page.goto(`${server.url}/app/instituicao`);
    await page.getByRole("heading", { name: "Cadastro não aprovado" }).waitFor();
    await page.getByText(`Motivo: ${REASON}`).first().waitFor();
    await page.getByRole("link", { name: /Corrigir e reenviar cadastro/ }).click();
    await page.waitForURL(`${server.url}/app/atualizar-instituicao`);
    const summary = page.getByLabel("Resumo", { exact: true });
    await summary.fill(NEW_SUMMARY);
    await page.getByRole("button", { name: "Salvar e reenviar para análise" }).click();
    await page.waitForURL(`${server.url}/app/instituicao`);
    await page.getByRole("heading", { name: "Cadastro reenviado para análise" }).waitFor();
    expect(await overflowingElements(page)).toEqual([]);
    expect(problems()).toEqual([]);
  });

  it("the admin sees it 'Reenviado' with the change, approves it, and the directory lists it", async () => {
    const { page } = admin;
    await page.goto(dash("secao=instituicoes"));
    const row = page.getByRole("row").filter({ hasText: NAME });
    await row.getByText("Reenviado", { exact: true }).waitFor();
    await row.getByRole("link", { name: `Visualizar ${NAME}` }).click();
    await page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    const changes = page.getByRole("region", { name: "O que a instituição mudou" });
    expect(await changes.textContent()).toContain("Resumo");
    expect(await changes.textContent()).toContain(OLD_SUMMARY);
    expect(await changes.textContent()).toContain(NEW_SUMMARY);
    expect(await page.getByText("Motivo da reprovação anterior").count()).toBe(1);
    await page.getByRole("link", { name: "Aprovar" }).click();
    await confirmIn(page, "Aprovar instituição?", "Aprovar");
    await expectResult(page, "Aprovado!");
    expect(await directoryNames("Horta Viva")).toEqual([NAME]);
    await waitForMail(server.mailDir, server.accounts.horta.email, `Cadastro aprovado: ${NAME}`);
  });

  it("every step is in the audit trail and found by its filters", async () => {
    const byPerson = await auditRows({ quem: NAME });
    expect(byPerson).toHaveLength(1);
    expect(byPerson[0]).toContain("Reenviou o cadastro para análise");

    const rejections = await auditRows({ acao: "Reprovou instituição" });
    expect(rejections).toHaveLength(1);
    expect(rejections[0]).toContain(NAME);
    expect(rejections[0]).toContain("Admin da Revisão");

    // The date inputs take ISO dates; todayInBrazil() reads dd/mm/aaaa.
    const today = todayInBrazil().split("/").reverse().join("-");
    const steps = (await auditRows({ de: today, ate: today })).filter((row) => row.includes(NAME));
    expect(steps.map((row) => row.match(/(Reprovou|Reenviou|Aprovou)[^\n\t]*/)?.[0])).toEqual([
      "Aprovou instituição",
      "Reenviou o cadastro para análise",
      "Reprovou instituição",
    ]);
  });

  it("a new name waits on the dashboard and goes public when the admin approves it", async () => {
    const { page } = admin;
    const publicPage = `${server.url}/instituicoes/${server.accounts.renamed.id}`;
    expect(await (await fetch(publicPage)).text()).toContain(RENAMED);
    await page.goto(dash("secao=dashboard"));
    await page.getByRole("link", { name: new RegExp(`Novo nome: ${NEW_NAME}`) }).click();
    await page.getByRole("heading", { name: "Novo nome em análise" }).waitFor();
    await page.getByRole("link", { name: "Aprovar novo nome" }).click();
    await confirmIn(page, "Aprovar o novo nome?", "Aprovar novo nome");
    await expectResult(page, "Aprovado!");
    await expect
      .poll(async () => (await fetch(publicPage)).text(), POLL.server)
      .toContain(NEW_NAME);
    expect(await directoryNames("Instituto Nome")).toEqual([NEW_NAME]);
    const approvals = await auditRows({ acao: "Aprovou novo nome de instituição" });
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toContain(NEW_NAME);
  });
});
