import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { approveProposedName } from "~/admin/proposed-name.server";
import { closeDatabase } from "~/db/client.server";
import { institutions } from "~/db/schema";
import { accountWorldForFile } from "../helpers/account-world";
import { expectNoAxeViolations } from "../helpers/axe";
import { choosePictureFile, phonePage, signedInClient } from "../helpers/members";
import { shot } from "../helpers/screenshots";

/**
 * Issue 14, institution self-service in the browser: a pending institution previews its public
 * page; an approved one edits every field of its record but the CNPJ (at once on the public
 * page, the name only after an admin approves it); a rejected one reads why, corrects and
 * resubmits (without JavaScript); a published event is rescheduled. At 390 px nothing overflows.
 */

const REASON = "O resumo não diz o que a instituição faz.";

const inDays = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const brDate = (iso: string) => iso.split("-").reverse().join("/");

const world = accountWorldForFile(
  {
    accounts: {
      approved: { kind: "institution", status: "APPROVED", name: "Casa Aberta" },
      pending: { kind: "institution", status: "PENDING", name: "Projeto Semear" },
      rejected: { kind: "institution", status: "REJECTED", name: "Ação Vizinha" },
      admin: { kind: "admin" },
    },
    events: [
      {
        key: "bazaar",
        institution: "approved",
        name: "Bazar Solidário",
        status: "APPROVED",
        eventDate: inDays(40),
      },
    ],
    beforeStart: async (db, accounts) => {
      await db
        .update(institutions)
        .set({ reviewReason: REASON })
        .where(eq(institutions.userId, accounts.rejected.id));
    },
  },
  { withPictures: true },
);

/** Whether the page is wider than its window (a horizontal scroll bar on a phone). */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** Checks a page at 390 px (the phone page), then at 1280 px: axe, no overflow, screenshots. */
async function checkLayout(page: Page, name: string) {
  expect(await overflows(page), `${name} at 390 px`).toBe(false);
  await shot(page, `self-service/${name}-390`);
  await expectNoAxeViolations(page, `${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await overflows(page), `${name} at 1280 px`).toBe(false);
  await shot(page, `self-service/${name}-1280`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The public page's text, as an anonymous visitor gets it (the page cache may hold it 5 s). */
const publicText = async (path: string) => {
  const response = await fetch(`${world.server.url}${path}`);
  return `${response.status} ${await response.text()}`;
};

describe.sequential("institution self-service", () => {
  it("pending: previews its public page, which the public cannot see yet", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.pending);
    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("heading", { name: "Cadastro em análise" }).waitFor();
    await page.getByRole("link", { name: /Editar cadastro/ }).waitFor();
    await page.getByRole("link", { name: /Ver prévia da página/ }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao/previa`);
    await page
      .getByText("Prévia: é assim que a sua página vai aparecer quando o cadastro for aprovado.")
      .waitFor();
    await page.getByRole("heading", { level: 1, name: "Projeto Semear" }).waitFor();
    await page.getByRole("heading", { name: "Sobre a instituição" }).waitFor();
    expect(await page.getByRole("button", { name: "Quero fazer parte" }).first().isDisabled()).toBe(
      true,
    );
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    const response = await world.clients.pending.get("/app/instituicao/previa");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    await checkLayout(page, "preview-pending");
    // The way back.
    await page.getByRole("link", { name: "Voltar" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    expect(
      (await fetch(`${world.server.url}/instituicoes/${world.server.accounts.pending.id}`)).status,
    ).toBe(404);
    expect(problems()).toEqual([]);
  });

  it("approved: edits every field but the CNPJ; the public page follows, but for the name", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.approved);
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    const cnpj = page.getByLabel("CNPJ", { exact: true });
    await cnpj.waitFor();
    expect(await cnpj.getAttribute("readonly")).not.toBeNull();
    await page
      .getByText("O CNPJ identifica a instituição e não pode ser alterado.", { exact: false })
      .waitFor();
    await page
      .getByRole("group", { name: "Foto de capa", exact: true })
      .getByRole("button", { name: "Alterar foto" })
      .waitFor();
    await checkLayout(page, "edit-approved");

    await page.getByLabel("Nome da instituição", { exact: true }).fill("Casa Aberta Solidária");
    await page.getByLabel("Responsável", { exact: true }).fill("Joana Prado");
    await page.getByLabel("Telefone", { exact: true }).fill("");
    await page.getByLabel("Telefone", { exact: true }).pressSequentially("31912345678");
    await page.getByLabel("Estado", { exact: true }).selectOption("MG");
    await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Belo Horizonte" });
    await page.getByLabel("Logradouro", { exact: true }).fill("Rua da Bahia");
    await page.getByLabel("Número", { exact: true }).fill("1148");
    await page.getByLabel("Bairro", { exact: true }).fill("Lourdes");
    await page.getByLabel("Complemento", { exact: true }).fill("Sala 3");
    await choosePictureFile(page, "Foto de perfil", world.files.photo);
    await choosePictureFile(page, "Foto de capa", world.files.cover);
    await page
      .getByLabel("Resumo", { exact: true })
      .fill("Reforço escolar e música para crianças.");
    await page
      .getByLabel("Sobre", { exact: true })
      .fill("Aulas de reforço e de música no contraturno, para crianças da rede pública.");
    await page.getByRole("radio", { name: "Online" }).check();
    await page
      .getByLabel("E-mail de contato para candidatos", { exact: true })
      .fill("voluntarios@casaaberta.org.br");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`, { timeout: 30_000 });
    await page
      .getByText(/Perfil alterado com sucesso/)
      .first()
      .waitFor();
    await page.getByText("Novo nome em análise: Casa Aberta Solidária").waitFor();
    await checkLayout(page, "home-approved-name-in-review");

    // The form shows the saved record, the CNPJ as it was.
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    expect(await page.getByLabel("Responsável", { exact: true }).inputValue()).toBe("Joana Prado");
    expect(await page.getByLabel("Telefone", { exact: true }).inputValue()).toBe(
      "+55 (31) 912345678",
    );
    expect(await page.getByRole("combobox", { name: "Cidade" }).inputValue()).toBe(
      "Belo Horizonte",
    );
    expect(await cnpj.inputValue()).toMatch(
      /^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/,
    );
    const cnpjShown = await cnpj.inputValue();

    // The public page: everything new at once, the approved name kept.
    const path = `/instituicoes/${world.server.accounts.approved.id}`;
    await expect
      .poll(() => publicText(path), { timeout: 15_000 })
      .toContain("Reforço escolar e música para crianças.");
    const text = await publicText(path);
    expect(text).toContain("Rua da Bahia, 1148 – Sala 3");
    expect(text).toContain("Belo Horizonte/MG");
    expect(text).toContain("voluntarios@casaaberta.org.br");
    expect(text).toContain("Casa Aberta");
    expect(text).not.toContain("Casa Aberta Solidária");

    // A CNPJ posted anyway changes nothing.
    await world.clients.approved.post("/app/atualizar-instituicao", { cnpj: "45.723.174/0001-10" });
    await page.reload();
    expect(await cnpj.inputValue()).toBe(cnpjShown);
    expect(problems()).toEqual([]);
  });

  it("the new name reaches the public page once an admin approves it", async () => {
    // The admin panel's button is another part of issue 14: its domain function, on the
    // server's database while the server is stopped (PGlite allows one process).
    process.env.BASE_URL = world.server.url;
    await world.server.stopAndOpenDatabase();
    try {
      await approveProposedName({
        adminId: world.server.accounts.admin.id,
        institutionId: world.server.accounts.approved.id,
      });
    } finally {
      await closeDatabase();
    }
    await world.server.restart();
    const path = `/instituicoes/${world.server.accounts.approved.id}`;
    await expect
      .poll(() => publicText(path), { timeout: 15_000 })
      .toContain("Casa Aberta Solidária");
    const directory = await publicText("/instituicoes?busca=Solid%C3%A1ria");
    expect(directory).toContain("Casa Aberta Solidária");
  });

  it("rejected: reads why, corrects and resubmits (the save without JavaScript)", async () => {
    world.clients.rejected = await signedInClient(world.server, world.server.accounts.rejected);
    const { page, problems } = await phonePage(world.browser, world.clients.rejected);
    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("heading", { name: "Cadastro não aprovado" }).waitFor();
    await page.getByText(`Motivo: ${REASON}`).waitFor();
    await checkLayout(page, "home-rejected");
    await page.getByRole("link", { name: /Corrigir e reenviar cadastro/ }).click();
    await page.waitForURL(`${world.server.url}/app/atualizar-instituicao`);
    await page.getByText(`Motivo: ${REASON}`).waitFor();
    await page.getByRole("button", { name: "Salvar e reenviar para análise" }).waitFor();
    await checkLayout(page, "edit-rejected");

    // Axe needs JavaScript; the form does not.
    const plain = await phonePage(world.browser, world.clients.rejected, { js: false });
    await plain.page.goto(`${world.server.url}/app/atualizar-instituicao`);
    await plain.page
      .getByLabel("Resumo", { exact: true })
      .fill("Hortas comunitárias e oficinas de culinária.");
    await plain.page.getByRole("button", { name: "Salvar e reenviar para análise" }).click();
    await plain.page.waitForURL(`${world.server.url}/app/instituicao`);
    await plain.page.getByRole("heading", { name: "Cadastro reenviado para análise" }).waitFor();

    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("heading", { name: "Cadastro reenviado para análise" }).waitFor();
    await page.getByRole("link", { name: /Ver prévia da página/ }).waitFor();
    await checkLayout(page, "home-resubmitted");
    // (Without JavaScript Chromium refuses the pages' module preloads: not a problem of the page.)
    expect(problems()).toEqual([]);
  });

  it("approved: a published event is rescheduled and shows the new date", async () => {
    world.clients.approved = await signedInClient(world.server, world.server.accounts.approved);
    const { page, problems } = await phonePage(world.browser, world.clients.approved);
    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("link", { name: "Editar o evento Bazar Solidário" }).click();
    await page.waitForURL(`${world.server.url}/app/eventos/${world.server.ids.bazaar}/editar`);
    await page.getByText(/Este evento está publicado/).waitFor();
    await checkLayout(page, "event-edit-approved");
    const newDate = inDays(55);
    await page.getByLabel("Data do evento", { exact: true }).fill(brDate(newDate));
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.getByText("Evento atualizado. As alterações já aparecem no site.").first().waitFor();
    await expect
      .poll(() => publicText(`/eventos/${world.server.ids.bazaar}`), { timeout: 15_000 })
      .toContain(`dateTime="${newDate}"`);
    expect(problems()).toEqual([]);
  });
});
