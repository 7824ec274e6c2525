import { inArray } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase } from "~/db/client.server";
import { events } from "~/db/schema";
import { formatCnpj, redirectTarget, uniqueCnpj, uniqueEmail } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser, watchPageProblems } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { waitForMail } from "../helpers/mail";
import { pictures, signedInClient } from "../helpers/members";
import {
  choosePicture,
  chooseProfile,
  fillCredentials,
  fillInstitutionDetails,
  heading,
  press,
  waitForStep,
} from "../helpers/signup-wizard";
import { chooseReason, confirmIn, expectResult, signInPage } from "./admin-support";
import { listCards } from "./public-support";

/**
 * The moderation loop of issue 6 from the first click to the public site, with nothing put in
 * the database by hand: an institution signs up through the wizard, the admin approves it, it is
 * listed in /instituicoes and told by e-mail; it creates two events through /app/novo-evento; the
 * admin approves one (listed in /eventos) and rejects the other (hidden, e-mailed), then deletes
 * the approved one (gone from the site, stored as DELETED). Another institution deletes its own
 * account, and the audit trail tells that apart from the admin's actions.
 */

const NAME = "Instituto Ciclo Completo";
const APPROVED_EVENT = "Feira do Ciclo Aprovado";
const REJECTED_EVENT = "Oficina do Ciclo Reprovado";

let server: FixtureServer<"admin" | "leaving">;
let browser: Browser;
let admin: { context: BrowserContext; page: Page };
let institution: Page;
const email = uniqueEmail("ciclo");
const eventIds: Record<string, string> = {};

const dash = (query: string) => `${server.url}/admin/dashboard?${query}`;

beforeAll(async () => {
  server = await startFixtureServer({
    accounts: {
      admin: { kind: "admin", name: "Admin do Ciclo" },
      leaving: { kind: "institution", status: "APPROVED", name: "Instituição de Saída" },
    },
  });
  browser = await launchBrowser();
  admin = await signInPage(browser, server.url, server.accounts.admin, "/admin/login");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  institution = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The card names a public list shows for a search by `term`. */
async function publicList(path: string, listName: string, term: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}${path}?busca=${encodeURIComponent(term)}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  const names = await listCards(page, listName).getByRole("heading").allInnerTexts();
  await context.close();
  return names;
}

async function createEvent(page: Page, name: string, cover: Awaited<ReturnType<typeof pictures>>) {
  await page.goto(`${server.url}/app/novo-evento`);
  await page.getByRole("button", { name: "Enviar foto" }).waitFor();
  const nextYear = new Date(Date.now() + 365 * 86_400_000);
  const date = nextYear.toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" });
  await page.getByLabel("Nome do evento", { exact: true }).fill(name);
  await page.getByLabel("Data do evento", { exact: true }).fill(date);
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page
      .getByRole("group", { name: "Foto de capa do evento", exact: true })
      .getByRole("button", { name: "Enviar foto" })
      .click(),
  ]);
  await chooser.setFiles(cover.cover);
  await page.getByLabel("Resumo", { exact: true }).fill(`Resumo de ${name}.`);
  await page
    .getByLabel("Sobre o evento", { exact: true })
    .fill(`Tudo sobre ${name}: horários, o que levar e como participar.`);
  await page.getByLabel("Estado", { exact: true }).selectOption("MG");
  await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Belo Horizonte" });
  await page.getByLabel("Logradouro", { exact: true }).fill("Rua da Bahia");
  await page.getByLabel("Número", { exact: true }).fill("1148");
  await page.getByLabel("Bairro", { exact: true }).fill("Centro");
  // No complement: it is optional, as a square's or a park's address has none (ADR 0027).
  await page.getByRole("button", { name: "Criar evento" }).click();
  await page.waitForURL(`${server.url}/app/instituicao`);
  await page.getByText("Evento criado com sucesso!", { exact: true }).first().waitFor();
  const card = page
    .getByRole("region", { name: /Meus eventos/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name }) });
  const edit = await card
    .getByRole("link", { name: `Editar o evento ${name}` })
    .getAttribute("href");
  const id = /^\/app\/eventos\/([0-9a-f-]{36})\/editar$/.exec(edit ?? "")?.[1];
  if (!id) throw new Error(`no id for ${name} (${edit})`);
  return id;
}

describe.sequential("moderation loop", () => {
  it("an institution signs up through the wizard and waits for review", async () => {
    const files = await pictures();
    const options = { baseUrl: server.url, js: true };
    const page = institution;
    await chooseProfile(page, "INSTITUTION", options);
    await fillCredentials(page, email, options);
    await waitForStep(page, "Dados da instituição", true);
    await fillInstitutionDetails(page, { name: NAME, cnpj: formatCnpj(uniqueCnpj()) }, options);
    await waitForStep(page, "Perfil da instituição", true);
    await choosePicture(page, "Foto de perfil", files.photo, true);
    await choosePicture(page, "Foto de capa", files.cover, true);
    await page.getByLabel("Resumo", { exact: true }).fill("Ciclos de formação para jovens.");
    await page
      .getByLabel("Sobre", { exact: true })
      .fill("Formamos jovens em oficinas gratuitas de tecnologia e cidadania desde 2012.");
    await page.getByRole("radio", { name: "Ambos" }).check();
    await page.getByLabel("E-mail de contato para candidatos", { exact: true }).fill(email);
    await page.getByRole("radio", { name: "Sim" }).check();
    await press(page, "Criar conta", true);
    await page.waitForURL(`${server.url}/app/instituicao`, { timeout: 30_000 });
    await heading(page, "Cadastro em análise").waitFor();
    expect(await publicList("/instituicoes", "Instituições encontradas", NAME)).toEqual([]);
  });

  it("the admin approves it: listed in /instituicoes, and the approval e-mail arrives", async () => {
    const { page } = admin;
    await page.goto(dash("secao=dashboard"));
    await page.getByRole("navigation").getByRole("link", { name: "Instituições" }).click();
    await page.getByText("1 cadastro pendente", { exact: true }).waitFor();
    await page.getByRole("link", { name: `Visualizar ${NAME}` }).click();
    await page.getByRole("heading", { level: 1, name: "Cadastro pendente" }).waitFor();
    await page.getByRole("link", { name: "Aprovar" }).click();
    await confirmIn(page, "Aprovar instituição?", "Aprovar");
    await expectResult(page, "Aprovado!");

    expect(await publicList("/instituicoes", "Instituições encontradas", NAME)).toEqual([NAME]);
    const [approval] = await waitForMail(server.mailDir, email, /Cadastro aprovado/);
    expect(approval?.text).toContain("foi aprovado");
    // The institution's own area opens up without signing in again.
    await institution.reload();
    await institution
      .getByRole("navigation", { name: "Gerenciar instituição" })
      .getByText("Criar evento", { exact: true })
      .waitFor();
  });

  it("the institution creates two events; neither is public before review", async () => {
    const files = await pictures();
    eventIds[APPROVED_EVENT] = await createEvent(institution, APPROVED_EVENT, files);
    eventIds[REJECTED_EVENT] = await createEvent(institution, REJECTED_EVENT, files);
    expect(await publicList("/eventos", "Próximos eventos", "Ciclo")).toEqual([]);
  });

  it("the admin approves one (listed in /eventos) and rejects the other (hidden, e-mailed)", async () => {
    const { page } = admin;
    await page.goto(dash("secao=eventos"));
    await page.getByRole("link", { name: `Aprovar evento ${APPROVED_EVENT}` }).click();
    await confirmIn(page, "Aprovar evento?", "Aprovar evento");
    await expectResult(page, "Aprovado!");

    await page.getByRole("link", { name: `Visualizar ${REJECTED_EVENT}` }).click();
    await page.getByRole("heading", { level: 1, name: "Evento pendente" }).waitFor();
    await page.getByRole("link", { name: "Reprovar" }).click();
    await chooseReason(page, "Reprovar evento?");
    await confirmIn(page, "Reprovar evento?", "Reprovar evento");
    await expectResult(page, "Reprovado!");

    expect(await publicList("/eventos", "Próximos eventos", "Ciclo")).toEqual([APPROVED_EVENT]);
    expect((await fetch(`${server.url}/eventos/${eventIds[REJECTED_EVENT]}`)).status).toBe(404);
    await waitForMail(server.mailDir, email, new RegExp(`Evento aprovado: ${APPROVED_EVENT}`));
    const [rejected] = await waitForMail(
      server.mailDir,
      email,
      new RegExp(`Evento não aprovado: ${REJECTED_EVENT}`),
    );
    expect(rejected?.text).toContain(REJECTED_EVENT);
  });

  it("the admin deletes the active event: it leaves /eventos and its page", async () => {
    const { page } = admin;
    // Published events are under their own filter since issue 14 (the default is Pendentes).
    await page.goto(dash("secao=eventos&situacao=publicados"));
    await page.getByRole("link", { name: `Excluir evento ${APPROVED_EVENT}` }).click();
    await confirmIn(page, "Excluir evento?", "Excluir evento");
    await expectResult(page, "Excluído!");
    expect(await publicList("/eventos", "Próximos eventos", "Ciclo")).toEqual([]);
    expect((await fetch(`${server.url}/eventos/${eventIds[APPROVED_EVENT]}`)).status).toBe(404);
  });

  it("the audit trail tells an admin's actions from an account holder's own deletion", async () => {
    // Another institution leaves on its own (Meus dados), between the admin's actions.
    const leaving = await signedInClient(server, server.accounts.leaving);
    const response = await leaving.post("/app/meus-dados", {
      password: server.accounts.leaving.password,
    });
    expect(await redirectTarget(response)).toBe("/");

    const problems = watchPageProblems(admin.page);
    await admin.page.goto(dash("secao=auditoria"));
    const rows = await admin.page.getByRole("row").allInnerTexts();
    const expected = [
      ["O próprio titular da conta", "Excluiu a própria conta", "Conta de instituição"],
      ["Admin do Ciclo", "Excluiu evento", APPROVED_EVENT],
      ["Admin do Ciclo", "Reprovou evento", REJECTED_EVENT],
      ["Admin do Ciclo", "Aprovou evento", APPROVED_EVENT],
      // The institution's own changes are in the trail too, by its account (issue 39, item 5).
      [NAME, "Criou evento", REJECTED_EVENT],
      [NAME, "Criou evento", APPROVED_EVENT],
      ["Admin do Ciclo", "Aprovou instituição", NAME],
    ];
    expected.forEach((cells, index) => {
      for (const cell of cells) expect(rows[index + 1], `row ${index + 1}`).toContain(cell);
    });
    expect(rows).toHaveLength(expected.length + 1);
    await admin.page.getByText(`${expected.length} registros`, { exact: true }).waitFor();
    await expectNoAxeViolations(admin.page, "audit with a self-deletion");
    expect(problems()).toEqual([]);
  });

  it("stored DELETED for the deleted event and REJECTED for the rejected one", async () => {
    await browser.close();
    const database = await server.stopAndOpenDatabase();
    try {
      const stored = await database
        .select({ id: events.id, status: events.status })
        .from(events)
        .where(inArray(events.id, Object.values(eventIds)));
      expect(Object.fromEntries(stored.map((row) => [row.id, row.status]))).toEqual({
        [eventIds[APPROVED_EVENT] ?? ""]: "DELETED",
        [eventIds[REJECTED_EVENT] ?? ""]: "REJECTED",
      });
    } finally {
      await closeDatabase();
    }
  });
});
