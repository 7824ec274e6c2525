import { and, eq, sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { emailOutbox, images, volunteerRequests, volunteers } from "~/db/schema";
import { NOT_AN_IMAGE } from "~/images/image-messages";
import { accountWorldForFile } from "../helpers/account-world";
import { expectNoAxeViolations } from "../helpers/axe";
import { formSchemaLoaded } from "../helpers/browser";
import { FAKE_PNG } from "../helpers/images";
import { mailTo, waitForMail } from "../helpers/mail";
import { phonePage, todayInBrazil } from "../helpers/members";
import { shot } from "../helpers/screenshots";

/**
 * Issue 5, the volunteer's side of the loop, at 390 px: edit the profile (with and without
 * JavaScript), apply to an institution, the institution's e-mail with the six template fields
 * of docs/spec.md 7, the institution accepting, and the volunteer seeing "Aceita" and getting an
 * e-mail. A double submit or a repeat application creates one request.
 */

const todayBr = todayInBrazil();

const world = accountWorldForFile(
  {
    accounts: {
      ana: { kind: "volunteer", name: "Ana Lúcia Prado" },
      bruno: { kind: "volunteer", name: "Bruno Henrique Dias" },
      carla: { kind: "volunteer", name: "Carla Mendes" },
      approved: { kind: "institution", status: "APPROVED", name: "Instituto Mãos Dadas" },
    },
  },
  { withPictures: true },
);

const profilePhotoSrc = (page: Page) =>
  page.getByRole("group", { name: "Foto de perfil" }).locator("img").first().getAttribute("src");

describe.sequential("volunteer area", () => {
  it("edits the profile with JavaScript: every field required, limits, new photo, back home", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.ana);
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    await formSchemaLoaded(page);
    expect(await page.getByLabel("Nome", { exact: true }).getAttribute("maxlength")).toBe("50");
    expect(await page.getByLabel("Resumo", { exact: true }).getAttribute("maxlength")).toBe("1200");
    const oldPhoto = await profilePhotoSrc(page);
    expect(oldPhoto).toMatch(/^\/imagens\//);

    // Each missing field: "Informe todos os dados", and nothing is posted.
    await page.getByLabel("Nome", { exact: true }).fill("");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.getByText("Informe todos os dados", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/app/atualizar-voluntario");
    await page.getByLabel("Nome", { exact: true }).fill("Ana Beatriz Souza");
    await page.getByRole("button", { name: "Excluir foto" }).click();
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    // The form-wide message, and the photo named on its own field (issue 13).
    await page.getByText("Informe todos os dados", { exact: true }).waitFor();
    await page
      .getByRole("group", { name: "Foto de perfil" })
      .getByText("Adicione uma foto de perfil.", { exact: true })
      .waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Enviar foto" }).click(),
    ]);
    await chooser.setFiles(world.files.photo);
    await page.getByLabel("Estado", { exact: true }).selectOption("RJ");
    await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Niterói" });
    await page
      .getByLabel("Resumo", { exact: true })
      .fill("Sou professora aposentada e quero ajudar com reforço escolar aos sábados.");
    await shot(page, "members/volunteer-edit-filled");
    await page.getByRole("button", { name: "Salvar alterações" }).click();

    await page.waitForURL(`${world.server.url}/app/voluntario`);
    await page.getByText("Perfil alterado com sucesso.", { exact: true }).first().waitFor();
    await page.getByRole("heading", { name: "Olá, Ana!" }).waitFor();
    // The header (users.name) follows the new name.
    await page.getByRole("banner").getByText("Ana Beatriz Souza").first().waitFor();

    // Let the client finish its route discovery before leaving the page.
    await page.waitForLoadState("networkidle");
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    await page.getByRole("button", { name: "Alterar foto" }).waitFor();
    expect(await page.getByLabel("Nome", { exact: true }).inputValue()).toBe("Ana Beatriz Souza");
    expect(await page.getByLabel("Estado", { exact: true }).inputValue()).toBe("RJ");
    expect(await page.getByRole("combobox", { name: "Cidade" }).inputValue()).toBe("Niterói");
    const newPhoto = await profilePhotoSrc(page);
    expect(newPhoto).not.toBe(oldPhoto);
    // The replaced photo is gone, not orphaned.
    expect((await world.clients.ana.get(oldPhoto ?? "")).status).toBe(404);
    expect(problems()).toEqual([]);
  });

  it("without JavaScript: a file that is not an image is refused, the previous photo stays, the text is kept", async () => {
    const { page } = await phonePage(world.browser, world.clients.carla, { js: false });
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    const before = await profilePhotoSrc(page);
    await page.getByLabel("Nome", { exact: true }).fill("Carla Mendes Sem Script");
    await page.getByLabel("Foto de perfil", { exact: true }).setInputFiles(FAKE_PNG);
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Salvar alterações" }).click(),
    ]);
    await page.getByText(NOT_AN_IMAGE, { exact: true }).waitFor();
    expect(await page.getByLabel("Nome", { exact: true }).inputValue()).toBe(
      "Carla Mendes Sem Script",
    );
    expect(await profilePhotoSrc(page)).toBe(before);

    // Nothing was saved: a fresh page shows the old name and photo.
    await page.goto(`${world.server.url}/app/atualizar-voluntario`);
    expect(await page.getByLabel("Nome", { exact: true }).inputValue()).toBe("Carla Mendes");
    expect(await profilePhotoSrc(page)).toBe(before);

    // A plain post with the saved photo kept works without JavaScript too.
    await page.getByLabel("Nome", { exact: true }).fill("Carla Mendes Rocha");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await page.waitForURL(`${world.server.url}/app/voluntario`);
    await page.getByRole("status").getByText("Perfil alterado com sucesso.").waitFor();
    await page.getByRole("heading", { name: "Olá, Carla!" }).waitFor();
  });

  it("applies to an institution; its e-mail carries the six template fields", async () => {
    const institution = world.server.accounts.approved;
    const { page, problems } = await phonePage(world.browser, world.clients.ana);
    await page.goto(`${world.server.url}/app/seja-voluntario?id=${institution.id}`);
    await page.getByLabel("Telefone", { exact: true }).fill("21987654321");
    await page
      .getByLabel("Conte sobre você e por que quer ajudar", { exact: true })
      .fill("Tenho tardes livres e experiência com crianças.");
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    // Back on the institution's page, which now says where the application stands.
    await page.waitForURL(`${world.server.url}/instituicoes/${institution.id}`);
    await page
      .getByText("E-mail enviado com sucesso! A instituição logo entrará em contato.")
      .first()
      .waitFor();
    await page.getByText(`Candidatura enviada em ${todayBr} · Pendente`).first().waitFor();
    expect(await page.getByRole("link", { name: "Quero fazer parte" }).count()).toBe(0);

    await page.getByRole("link", { name: "Ver minhas candidaturas" }).first().click();
    await page.waitForURL(`${world.server.url}/app/voluntario`);
    const list = page.getByRole("region", { name: /Minhas candidaturas/ });
    const item = list.getByRole("listitem").filter({ hasText: institution.name });
    await expect(
      item.getByRole("link", { name: institution.name }).getAttribute("href"),
    ).resolves.toBe(`/instituicoes/${institution.id}`);
    await item.getByText("Pendente").waitFor();
    await item.getByText(`Enviada em ${todayBr}`).waitFor();
    expect(problems()).toEqual([]);

    const contactEmail = `contato.${institution.email}`;
    const [mail] = await waitForMail(world.server.mailDir, contactEmail, /Nova candidatura/);
    const text = mail?.text ?? "";
    // institutionName, institutionEmail, phone, resume, volunteerName, contactEmail.
    expect(text).toContain(`Olá, equipe ${institution.name}!`);
    expect(text).toContain(contactEmail);
    expect(text).toContain("+55 (21) 98765-4321");
    expect(text).toContain("Tenho tardes livres e experiência com crianças.");
    expect(text).toContain("Ana Beatriz Souza");
    expect(text).toContain(`E-mail para resposta: ${world.server.accounts.ana.email}`);

    // The volunteer's receipt, to the account's e-mail.
    const [receipt] = await waitForMail(
      world.server.mailDir,
      world.server.accounts.ana.email,
      `Candidatura enviada: ${institution.name}`,
    );
    expect(receipt.text).toContain(`para a instituição ${institution.name} foi enviada`);
    expect(receipt.text).toContain("+55 (21) 98765-4321");
  });

  it("the institution sees the application and accepts it; the volunteer sees Aceita and gets an e-mail", async () => {
    const { page, problems } = await phonePage(world.browser, world.clients.approved);
    await page.goto(`${world.server.url}/app/instituicao`);
    const received = page.getByRole("region", { name: /Candidaturas recebidas/ });
    const card = received.getByRole("listitem").filter({ hasText: "Ana Beatriz Souza" });
    await card.getByText(world.server.accounts.ana.email).waitFor();
    await card.getByText("+55 (21) 98765-4321").waitFor();
    await card.getByText("Tenho tardes livres e experiência com crianças.").waitFor();
    await card.getByText(`Recebida em ${todayBr}`).waitFor();
    await card.getByText("Pendente").waitFor();
    await shot(page, "members/institution-application-pending");

    await card.getByRole("button", { name: /^Aceitar/ }).click();
    await page
      .getByText(/Candidatura aceita/)
      .first()
      .waitFor();
    await card.getByText("Situação: Aceita").waitFor();
    // Who on the team answered, and when (issue 41): here the institution's own account, named
    // by its responsible person.
    await card.getByText(`Aceita por Responsável de Teste em ${todayBr}`).waitFor();
    expect(await card.getByRole("button", { name: /^Aceitar|^Recusar/ }).count()).toBe(0);
    expect(problems()).toEqual([]);

    const volunteerPage = (await phonePage(world.browser, world.clients.ana)).page;
    await volunteerPage.goto(`${world.server.url}/app/voluntario`);
    await volunteerPage
      .getByRole("region", { name: /Minhas candidaturas/ })
      .getByRole("listitem")
      .filter({ hasText: world.server.accounts.approved.name })
      .getByText("Aceita")
      .waitFor();
    await shot(volunteerPage, "members/volunteer-home-accepted");
    await expectNoAxeViolations(volunteerPage, "volunteer home with an accepted application");
    const [mail] = await waitForMail(
      world.server.mailDir,
      world.server.accounts.ana.email,
      /aceita/,
    );
    expect(mail?.text).toContain("Olá, Ana Beatriz Souza!");
    expect(mail?.text).toContain(
      `a instituição ${world.server.accounts.approved.name} aceitou a sua candidatura`,
    );
  });

  it("answering again changes nothing: the same answer is harmless, the other one is refused", async () => {
    const page = await world.clients.approved.get("/app/instituicao");
    const id = (await page.text()).match(/name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect(id, "no pending application is left to answer").toBeUndefined();

    // The acceptance queued two e-mails in one transaction: the answer (waited for above) and the
    // termo, which may still be on its way on a busy machine. Both arrive before counting.
    await waitForMail(world.server.mailDir, world.server.accounts.ana.email, /^Termo de adesão/);
    const accepted = await mailTo(world.server.mailDir, world.server.accounts.ana.email);
    const requestId = await findRequestId("ana");
    const again = await world.clients.approved.post("/app/instituicao", {
      intent: "accept",
      id: requestId,
    });
    expect(again.status).toBe(302);
    const other = await world.clients.approved.post("/app/instituicao", {
      intent: "decline",
      id: requestId,
    });
    expect(other.status).toBe(409);
    expect(await other.text()).toContain("Esta candidatura já foi respondida.");
    expect((await mailTo(world.server.mailDir, world.server.accounts.ana.email)).length).toBe(
      accepted.length,
    );
  });

  it("a double submit and a repeat application create one request", async () => {
    const url = `/app/seja-voluntario?id=${world.server.accounts.approved.id}`;
    const form = {
      replyEmail: world.server.accounts.bruno.email,
      phone: "+55 (11) 912345678",
      summary: "Posso ajudar na organização de eventos.",
    };
    const statuses = (
      await Promise.all([world.clients.bruno.post(url, form), world.clients.bruno.post(url, form)])
    )
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([302, 409]);
    const repeat = await world.clients.bruno.post(url, form);
    expect(repeat.status).toBe(409);
    expect(await repeat.text()).toContain("Você já enviou uma candidatura para esta instituição.");

    const exported = (await (await world.clients.bruno.get("/app/meus-dados/arquivo")).json()) as {
      applicationsSent: { institutionId: string; status: string }[];
    };
    expect(exported.applicationsSent).toEqual([
      expect.objectContaining({
        institutionId: world.server.accounts.approved.id,
        status: "PENDING",
      }),
    ]);
    // The institution has one application to answer: Bruno's.
    const institutionHome = await (await world.clients.approved.get("/app/instituicao")).text();
    expect(institutionHome).toContain("Bruno Henrique Dias");
    expect(institutionHome.match(/name="id" value="[0-9a-f-]{36}"/g)?.length).toBe(1);
  });

  it.each([
    ["volunteer-home", "/app/voluntario"],
    ["volunteer-edit", "/app/atualizar-voluntario"],
    ["volunteer-apply", () => `/app/seja-voluntario?id=${world.server.accounts.approved.id}`],
    ["volunteer-my-data", "/app/meus-dados"],
  ] as const)("%s: zero axe violations and a finished screenshot at 390 px", async (name, path) => {
    const { page, problems } = await phonePage(world.browser, world.clients.carla);
    await page.goto(`${world.server.url}${typeof path === "function" ? path() : path}`);
    await page.waitForLoadState("networkidle");
    await shot(page, `members/${name}`);
    await expectNoAxeViolations(page, name);
    expect(problems()).toEqual([]);
  });

  it("the database holds what the pages showed", async () => {
    const db = await world.server.stopAndOpenDatabase();
    const requests = await db
      .select({ status: volunteerRequests.status })
      .from(volunteerRequests)
      .where(eq(volunteerRequests.volunteerId, world.server.accounts.bruno.id));
    expect(requests).toEqual([{ status: "PENDING" }]);
    const decisions = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "application-decision"));
    expect(decisions[0]?.n).toBe(1);
    const [ana] = await db
      .select({ state: volunteers.state, city: volunteers.city })
      .from(volunteers)
      .where(eq(volunteers.userId, world.server.accounts.ana.id));
    expect(ana).toEqual({ state: "RJ", city: "Niterói" });
    const photos = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(images)
      .where(and(eq(images.ownerId, world.server.accounts.ana.id)));
    expect(photos[0]?.n).toBe(1);
  });
});

/** The id of the application `who` sent, from their own data export. */
async function findRequestId(who: "ana"): Promise<string> {
  const exported = await (await world.clients[who].get("/app/meus-dados/arquivo")).json();
  const id = (exported as { applicationsSent: { id: string }[] }).applicationsSent[0]?.id;
  if (!id) throw new Error("no application in the export");
  return id;
}
