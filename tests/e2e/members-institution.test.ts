import { eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { events, images } from "~/db/schema";
import { whatsappLink } from "~/lib/support-link";
import { accountWorldForFile } from "../helpers/account-world";
import { redirectTarget } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { formSchemaLoaded } from "../helpers/browser";
import { choosePictureFile, dataUrl, idFromLink, phonePage } from "../helpers/members";
import { shot } from "../helpers/screenshots";

/**
 * Issue 5, the institution's side at 390 px: the status screens (pending, rejected, approved)
 * with the WhatsApp support link, editing the profile, creating an event (PENDING, not public),
 * editing it (back to review), cancelling another (with a confirmation, with and without
 * JavaScript; it leaves the public site).
 */

const WHATSAPP = "5511999998888";
/** The event this file creates through the form. */
let createdId = "";

const inOneYear = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date;
};
const brDate = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, "0")}/${String(date.getUTCMonth() + 1).padStart(2, "0")}/${date.getUTCFullYear()}`;

const world = accountWorldForFile(
  {
    accounts: {
      inst: { kind: "institution", status: "APPROVED", name: "Casa do Caminho" },
      pending: { kind: "institution", status: "PENDING", name: "Projeto Semear" },
      rejected: { kind: "institution", status: "REJECTED", name: "Ação Vizinha" },
    },
    events: [
      { key: "bazaar", institution: "inst", name: "Bazar Solidário", status: "APPROVED" },
      { key: "refused", institution: "inst", name: "Corrida do Bem", status: "REJECTED" },
      { key: "plain", institution: "inst", name: "Sarau Beneficente", status: "PENDING" },
      // Published, and its day has passed: history, no longer editable (issue 14).
      {
        key: "past",
        institution: "inst",
        name: "Feira Passada",
        status: "APPROVED",
        eventDate: "2025-05-10",
      },
    ],
    env: { SUPPORT_WHATSAPP: WHATSAPP },
  },
  { withPictures: true },
);

const eventCard = (page: Page, name: string) =>
  page
    .getByRole("region", { name: /Meus eventos/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name }) });

describe.sequential("institution area", () => {
  it.each([
    ["pending", "Cadastro em análise", /até 3 dias úteis.*e-mail de aprovação/s, "pending"],
    ["rejected", "Cadastro não aprovado", /não foi aprovado/, "rejected"],
  ] as const)(
    "%s: status screen with the WhatsApp support link",
    async (key, title, text, reason) => {
      const { page, problems } = await phonePage(world.browser, world.clients[key]);
      await page.goto(`${world.server.url}/app/instituicao`);
      await page.getByRole("heading", { name: title }).waitFor();
      expect(await page.getByRole("main").textContent()).toMatch(text);
      const link = page.getByRole("link", { name: /Falar com o suporte pelo WhatsApp/ });
      expect(await link.getAttribute("href")).toBe(
        whatsappLink(WHATSAPP, reason, world.server.accounts[key].name),
      );
      expect(decodeURIComponent((await link.getAttribute("href")) ?? "")).toContain(
        world.server.accounts[key].name,
      );
      // No management before approval, and its pages send the institution back here.
      expect(await page.getByRole("link", { name: /Criar evento/ }).count()).toBe(0);
      for (const path of ["/app/novo-evento", `/app/eventos/${world.server.ids.plain}/editar`]) {
        const response = await world.clients[key].get(path);
        expect(await redirectTarget(response), path).toBe("/app/instituicao");
      }
      await shot(page, `members/institution-${key}`);
      await expectNoAxeViolations(page, `institution ${key}`);
      expect(problems()).toEqual([]);
    },
  );

  it("approved: the management menu, applications, events and the generic support link", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/instituicao`);
    const menu = page.getByRole("navigation", { name: "Gerenciar instituição" });
    for (const item of ["Editar perfil", "Alterar senha", "Criar evento", "Meus dados", "Sair"]) {
      await menu.getByText(item, { exact: true }).waitFor();
    }
    await page.getByRole("region", { name: /Candidaturas recebidas/ }).waitFor();
    await eventCard(page, "Bazar Solidário").getByText("Aprovado").waitFor();
    await eventCard(page, "Corrida do Bem").getByText("Reprovado").waitFor();
    await eventCard(page, "Sarau Beneficente").getByText("Em análise").waitFor();
    // Since issue 14 an approved event can be edited (corrected, rescheduled) as well as
    // cancelled, unless its day has passed; a refused one can be edited.
    await eventCard(page, "Bazar Solidário")
      .getByRole("link", { name: /^Editar/ })
      .waitFor();
    expect(
      await eventCard(page, "Feira Passada")
        .getByRole("link", { name: /^Editar/ })
        .count(),
    ).toBe(0);
    await eventCard(page, "Corrida do Bem")
      .getByRole("link", { name: /^Editar/ })
      .waitFor();
    expect(await page.getByRole("link", { name: "pelo WhatsApp" }).getAttribute("href")).toBe(
      whatsappLink(WHATSAPP, "generic", "Casa do Caminho"),
    );
    expect(await page.getByText("Cadastro em análise").count()).toBe(0);
    await shot(page, "members/institution-approved");
    await expectNoAxeViolations(page, "institution approved home");
    expect(problems()).toEqual([]);
  });

  it("Meus dados of an institution: the events leave the site with the account", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/meus-dados`);
    await page.getByText("Os eventos da instituição saem do site na mesma hora.").waitFor();
    await shot(page, "members/institution-my-data");
    await expectNoAxeViolations(page, "institution Meus dados");
    expect(problems()).toEqual([]);
  });

  it("edits the profile: required fields, limits, volunteering type and a new cover", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    const cover = page.getByRole("group", { name: "Foto de capa", exact: true });
    await cover.getByRole("button", { name: "Alterar foto" }).waitFor();
    await formSchemaLoaded(page);
    const oldCover = await cover.locator("img").getAttribute("src");
    expect(await page.getByLabel("Resumo", { exact: true }).getAttribute("maxlength")).toBe("80");
    expect(await page.getByLabel("Sobre", { exact: true }).getAttribute("maxlength")).toBe("1200");
    const email = page.getByLabel("E-mail de contato para candidatos", { exact: true });
    expect(await email.getAttribute("maxlength")).toBe("50");
    await shot(page, "members/institution-edit");
    await expectNoAxeViolations(page, "institution edit");

    await page.getByLabel("Resumo", { exact: true }).fill("   ");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Informe todos os dados", { exact: true }).waitFor();
    await page
      .getByLabel("Resumo", { exact: true })
      .fill("Acolhimento e reforço escolar no bairro.");
    await email.fill("contato@");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("E-mail de contato inválido.", { exact: true }).waitFor();
    await email.fill("voluntariado@casadocaminho.org.br");
    await page.getByRole("radio", { name: "Ambos" }).check();
    await choosePictureFile(page, "Foto de capa", world.files.cover);
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.getByText("Perfil alterado com sucesso.", { exact: true }).first().waitFor();

    // Let the client finish its route discovery before leaving the page.
    await page.waitForLoadState("networkidle");
    await page.goto(`${world.server.url}/app/atualizar-instituicao`);
    await cover.getByRole("button", { name: "Alterar foto" }).waitFor();
    expect(await page.getByLabel("Resumo", { exact: true }).inputValue()).toBe(
      "Acolhimento e reforço escolar no bairro.",
    );
    expect(await email.inputValue()).toBe("voluntariado@casadocaminho.org.br");
    expect(await page.getByRole("radio", { name: "Ambos" }).isChecked()).toBe(true);
    expect(await cover.locator("img").getAttribute("src")).not.toBe(oldCover);
    expect((await world.clients.inst.get(oldCover ?? "")).status).toBe(404);
    expect(problems()).toEqual([]);
  });

  it("creates an event: every field required, no past date; it is PENDING and not public", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/novo-evento`);
    await page.getByRole("button", { name: "Enviar foto" }).waitFor();
    await formSchemaLoaded(page);
    await shot(page, "members/event-new-empty");
    await expectNoAxeViolations(page, "new event");

    await page.getByLabel("Nome do evento", { exact: true }).fill("Mutirão de Inverno");
    await page.getByLabel("Data do evento", { exact: true }).fill("01/02/2020");
    await choosePictureFile(page, "Foto de capa do evento", world.files.cover);
    await page
      .getByLabel("Resumo", { exact: true })
      .fill("Arrecadação de agasalhos para o inverno.");
    await page
      .getByLabel("Sobre o evento", { exact: true })
      .fill("Recebemos e separamos agasalhos, cobertores e meias para famílias do bairro.");
    await page.getByLabel("Estado", { exact: true }).selectOption("MG");
    await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Belo Horizonte" });
    await page.getByLabel("Logradouro", { exact: true }).fill("Rua da Bahia");
    await page.getByLabel("Número", { exact: true }).fill("1148");
    await page.getByRole("button", { name: "Criar evento" }).click();
    await page.getByText("A data do evento não pode estar no passado.", { exact: true }).waitFor();

    await page.getByLabel("Data do evento", { exact: true }).fill(brDate(inOneYear()));
    await page.getByRole("button", { name: "Criar evento" }).click();
    // Every field but the complement is required (docs/spec.md 5; ADR 0027): the neighbourhood.
    await page.getByText("Informe todos os dados", { exact: true }).waitFor();
    expect(await page.getByLabel("Bairro", { exact: true }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    await page.getByLabel("Bairro", { exact: true }).fill("Centro");
    await page.getByLabel("Complemento", { exact: true }).fill("Galpão 2");
    await shot(page, "members/event-new-filled");
    await page.getByRole("button", { name: "Criar evento" }).click();

    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.getByText("Evento criado com sucesso!", { exact: true }).first().waitFor();
    await eventCard(page, "Mutirão de Inverno").getByText("Em análise").waitFor();
    createdId = await idFromLink(page, /^\/app\/eventos\/([0-9a-f-]{36})\/editar$/);
    // Not public until an admin approves it.
    expect((await fetch(`${world.server.url}/eventos/${createdId}`)).status).toBe(404);
    expect(await (await fetch(`${world.server.url}/eventos`)).text()).not.toContain(
      "Mutirão de Inverno",
    );
    expect(problems()).toEqual([]);
  });

  it("edits the new event: the form is filled in, and the event stays in review", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/instituicao`);
    await eventCard(page, "Mutirão de Inverno")
      .getByRole("link", { name: "Editar o evento Mutirão de Inverno" })
      .click();
    await page.waitForURL(`${world.server.url}/app/eventos/${createdId}/editar`);
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    expect(await page.getByLabel("Nome do evento", { exact: true }).inputValue()).toBe(
      "Mutirão de Inverno",
    );
    expect(await page.getByLabel("Data do evento", { exact: true }).inputValue()).toBe(
      brDate(inOneYear()),
    );
    expect(await page.getByRole("combobox", { name: "Cidade" }).inputValue()).toBe(
      "Belo Horizonte",
    );
    expect(await page.getByLabel("Complemento", { exact: true }).inputValue()).toBe("Galpão 2");
    await shot(page, "members/event-edit");
    await expectNoAxeViolations(page, "edit event");

    await page.getByLabel("Nome do evento", { exact: true }).fill("Mutirão do Agasalho");
    await page.getByRole("button", { name: "Salvar e enviar para análise" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await page.getByText("Evento atualizado e enviado para análise.").first().waitFor();
    await eventCard(page, "Mutirão do Agasalho").getByText("Em análise").waitFor();
    expect(problems()).toEqual([]);
  });

  it("a refused event edited goes back to review; a published past one cannot be edited", async () => {
    const { page } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/eventos/${world.server.ids.refused}/editar`);
    await page.getByText(/não foi aprovado/).waitFor();
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    await page
      .getByLabel("Resumo", { exact: true })
      .fill("Corrida de 5 km com inscrição solidária.");
    await page.getByRole("button", { name: "Salvar e enviar para análise" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    await eventCard(page, "Corrida do Bem").getByText("Em análise").waitFor();

    const past = await world.clients.inst.get(`/app/eventos/${world.server.ids.past}/editar`);
    expect(await redirectTarget(past)).toBe("/app/instituicao");
  });

  it("cancels an approved event after confirming (JavaScript): it leaves the public site", async () => {
    expect((await fetch(`${world.server.url}/eventos/${world.server.ids.bazaar}`)).status).toBe(
      200,
    );
    const { page, problems } = await phonePage(world.browser, world.clients.inst);
    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("link", { name: "Cancelar evento Bazar Solidário" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar evento?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Bazar Solidário");
    await shot(page, "members/event-cancel-dialog");
    await expectNoAxeViolations(page, "cancel dialog");

    // Esc keeps the event.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await eventCard(page, "Bazar Solidário").getByText("Aprovado").waitFor();

    await page.getByRole("link", { name: "Cancelar evento Bazar Solidário" }).click();
    await dialog.getByRole("button", { name: "Sim, cancelar evento" }).click();
    await page.getByText("Evento cancelado.", { exact: true }).first().waitFor();
    const card = eventCard(page, "Bazar Solidário");
    await card.getByText("Cancelado").waitFor();
    expect(await card.getByRole("link").count()).toBe(0);
    expect((await fetch(`${world.server.url}/eventos/${world.server.ids.bazaar}`)).status).toBe(
      404,
    );
    expect(await (await fetch(`${world.server.url}/eventos`)).text()).not.toContain(
      "Bazar Solidário",
    );
    expect(problems()).toEqual([]);
  });

  it("cancels without JavaScript: the confirmation is a page state, the answer a plain post", async () => {
    const { page } = await phonePage(world.browser, world.clients.inst, { js: false });
    await page.goto(`${world.server.url}/app/instituicao`);
    await page.getByRole("link", { name: "Cancelar evento Sarau Beneficente" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar evento?" });
    await dialog.waitFor();
    await shot(page, "members/event-cancel-dialog-no-js");
    await dialog.getByRole("link", { name: "Não, manter evento" }).click();
    await page.waitForURL(`${world.server.url}/app/instituicao`);
    expect(await page.getByRole("dialog").count()).toBe(0);

    await page.getByRole("link", { name: "Cancelar evento Sarau Beneficente" }).click();
    await dialog.getByRole("button", { name: "Sim, cancelar evento" }).click();
    await page.getByRole("status").getByText("Evento cancelado.").waitFor();
    await eventCard(page, "Sarau Beneficente").getByText("Cancelado").waitFor();
    // A second cancellation of the same event changes nothing.
    const again = await world.clients.inst.post("/app/instituicao", {
      intent: "cancel-event",
      id: world.server.ids.plain ?? "",
    });
    expect(await redirectTarget(again)).toBe("/app/instituicao");
  });

  it("the .data request of the home carries the same lists (client-side navigation)", async () => {
    const response = await world.clients.inst.get(
      dataUrl("/app/instituicao", "routes/app.instituicao"),
    );
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Mutirão do Agasalho");
    expect(body).toContain("Bazar Solidário");
  });

  it("the database holds the events as the pages showed, with no orphan covers", async () => {
    const db = await world.server.stopAndOpenDatabase();
    const rows = await db
      .select({
        id: events.id,
        name: events.name,
        status: events.status,
        cover: events.coverImageId,
      })
      .from(events)
      .where(eq(events.institutionId, world.server.accounts.inst.id));
    const byName = Object.fromEntries(rows.map((row) => [row.name, row.status]));
    expect(byName).toEqual({
      "Bazar Solidário": "DELETED",
      "Corrida do Bem": "PENDING",
      "Sarau Beneficente": "DELETED",
      "Mutirão do Agasalho": "PENDING",
      "Feira Passada": "APPROVED",
    });
    const covers = rows.map((row) => row.cover).filter((id): id is string => Boolean(id));
    expect(covers).toHaveLength(5);
    const stored = await db
      .select({ id: images.id })
      .from(images)
      .where(inArray(images.id, covers));
    expect(stored).toHaveLength(5);
  });
});
