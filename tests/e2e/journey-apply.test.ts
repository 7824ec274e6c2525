import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../helpers/accounts";
import { expectNoAxeViolations } from "../helpers/axe";
import { launchBrowser } from "../helpers/browser";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server";
import { makeJpeg } from "../helpers/images";
import { waitForMail } from "../helpers/mail";
import { logServerOnFailure, phonePage, signedInClient, todayInBrazil } from "../helpers/members";
import { shot } from "../helpers/screenshots";
import { VALID_PASSWORD } from "../helpers/signup-rules";
import {
  choosePicture,
  chooseProfile,
  fillCredentials,
  fillVolunteerProfile,
  heading,
  type Pictures,
  press,
  waitForStep,
} from "../helpers/signup-wizard";

/**
 * Issue 13, the product's main conversion path at 390 px: a visitor taps "Quero fazer parte", is
 * told why they must sign in, creates an account through the wizard without losing the way
 * back, lands on the application form already filled from the profile, sends it, and sees the
 * application's status on the institution's page; the receipt e-mail arrives. The wizard's
 * steps are history entries: the browser's back and forward move between them with their values.
 */

type Key = "institution" | "otherInstitution";
let server: FixtureServer<Key>;
let browser: Browser;
let photo: Pictures["photo"];

const todayBr = todayInBrazil();

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startFixtureServer({
      accounts: {
        institution: { kind: "institution", status: "APPROVED", name: "Casa do Caminho" },
        otherInstitution: { kind: "institution", status: "APPROVED", name: "Lar Esperança" },
      },
    }),
    launchBrowser(),
  ]);
  photo = { name: "eu.jpg", mimeType: "image/jpeg", buffer: await makeJpeg({}) };
});

afterEach(({ task }) => logServerOnFailure(task, server));

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots of the page as it is, at 390 px and at 1280 px (only when SCREENSHOTS=1). */
async function bothWidths(page: Page, name: string): Promise<void> {
  await shot(page, `journey/${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `journey/${name}-1280`);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("from 'Quero fazer parte' to a sent application", () => {
  it("a visitor signs up through the wizard, lands on the filled form, sends it and sees its status", async () => {
    const institution = server.accounts.institution;
    const { page, problems } = await phonePage(browser);
    const email = uniqueEmail("jornada");
    const options = { baseUrl: server.url, js: true };

    await page.goto(`${server.url}/instituicoes/${institution.id}`);
    await page.getByRole("link", { name: "Quero fazer parte" }).first().click();

    // The login page says why the person is there, and keeps the way back.
    await page.waitForURL(/\/auth\/login\?redirectTo=/);
    await page
      .getByText(`Entre ou crie sua conta para se candidatar à instituição ${institution.name}.`)
      .waitFor();
    await expectNoAxeViolations(page, "login with a return address");
    await bothWidths(page, "login-para-candidatura");
    await page.getByRole("link", { name: "Criar conta e continuar" }).click();

    await page.waitForURL(/\/auth\/cadastro\?redirectTo=/);
    await waitForStep(page, "Escolha o tipo de cadastro", true);
    await page
      .getByText(`Crie sua conta para se candidatar à instituição ${institution.name}.`)
      .waitFor();
    await press(page, "Próximo", true);
    await waitForStep(page, "Crie sua conta", true);
    // The notice stays on every step: the draft remembers the return address.
    await page
      .getByText(`Crie sua conta para se candidatar à instituição ${institution.name}.`)
      .waitFor();
    await page.getByText("Cadastro · Etapa 2 de 3").waitFor();
    await fillCredentials(page, email, options);
    await waitForStep(page, "Conte um pouco sobre você", true);
    // An honest counter: the last form of a volunteer is the third of three.
    await page.getByText("Cadastro · Etapa 3 de 3").waitFor();
    await bothWidths(page, "cadastro-etapa-3-com-retorno");
    await choosePicture(page, "Foto de perfil", photo, true);
    await fillVolunteerProfile(
      page,
      {
        name: "Júlia Campos",
        uf: "RJ",
        city: "Niterói",
        resume: "Estudante, tenho as tardes livres para ajudar.",
      },
      true,
    );
    await press(page, "Criar conta", true);

    // The progress screen, then the application form instead of the volunteer's home.
    await page.getByRole("progressbar", { name: "Criando sua conta" }).waitFor();
    await page.waitForURL(`${server.url}/app/seja-voluntario?id=${institution.id}`, {
      timeout: 30_000,
    });
    await page
      .getByRole("heading", { name: `Quero fazer parte da instituição ${institution.name}` })
      .waitFor();
    // Already filled from the profile: one tap from sending.
    expect(await page.getByLabel("E-mail para resposta", { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel("Telefone", { exact: true }).inputValue()).toMatch(
      /\(11\) 98765-?4321$/,
    );
    expect(
      await page.getByLabel("Conte sobre você e por que quer ajudar", { exact: true }).inputValue(),
    ).toBe("Estudante, tenho as tardes livres para ajudar.");
    await page.getByText("A candidatura vai em nome de Júlia Campos").waitFor();
    await expectNoAxeViolations(page, "the filled application form");
    await bothWidths(page, "candidatura-preenchida");
    await page.getByRole("button", { name: "Enviar candidatura" }).click();

    // Back on the institution's page: its status instead of the button.
    await page.waitForURL(`${server.url}/instituicoes/${institution.id}`);
    await page.getByText(`Candidatura enviada em ${todayBr} · Pendente`).first().waitFor();
    expect(await page.getByRole("link", { name: "Quero fazer parte" }).count()).toBe(0);
    await expectNoAxeViolations(page, "the institution page with the application's status");
    await bothWidths(page, "instituicao-com-candidatura");
    expect(problems()).toEqual([]);

    // The receipt reaches the new volunteer's e-mail; the institution gets the application.
    const [receipt] = await waitForMail(
      server.mailDir,
      email,
      `Candidatura enviada: ${institution.name}`,
    );
    expect(receipt.text).toContain("Olá, Júlia Campos!");
    expect(receipt.text).toContain(`/instituicoes/${institution.id}`);
    await waitForMail(server.mailDir, `contato.${institution.email}`, /Nova candidatura/);

    // Another institution still offers the button.
    await page.goto(`${server.url}/instituicoes/${server.accounts.otherInstitution.id}`);
    await page.getByRole("link", { name: "Quero fazer parte" }).first().waitFor();

    // The landing speaks to the person instead of inviting them to sign up.
    await page.goto(server.url);
    await page.getByText("Olá, Júlia! Que bom ver você aqui.").waitFor();
    const hero = page.getByRole("region", { name: /Conecte-se a quem precisa/ });
    await hero.getByRole("link", { name: "Encontrar instituições" }).waitFor();
    await hero.getByRole("link", { name: "Minhas candidaturas" }).waitFor();
    expect(await page.getByRole("link", { name: "Quero ser voluntário" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Cadastre-se grátis" }).count()).toBe(0);
    await expectNoAxeViolations(page, "the landing, signed in");
    await bothWidths(page, "inicio-com-conta");
  });

  it("without JavaScript the return address also survives the wizard", async () => {
    const institution = server.accounts.otherInstitution;
    const { page } = await phonePage(browser, undefined, { js: false });
    const options = { baseUrl: server.url, js: false };
    await page.goto(`${server.url}/app/seja-voluntario?id=${institution.id}`);
    await page.waitForURL(/\/auth\/login\?redirectTo=/);
    await page
      .getByText(`Entre ou crie sua conta para se candidatar à instituição ${institution.name}.`)
      .waitFor();
    await page.getByRole("link", { name: "Criar nova conta" }).click();
    await waitForStep(page, "Escolha o tipo de cadastro", false);
    await press(page, "Próximo", false);
    await waitForStep(page, "Crie sua conta", false);
    await fillCredentials(page, uniqueEmail("jornada-sem-js"), options);
    await waitForStep(page, "Conte um pouco sobre você", false);
    await choosePicture(page, "Foto de perfil", photo, false);
    await fillVolunteerProfile(
      page,
      { name: "Caio Souza", uf: "SP", city: "São Paulo", resume: "Quero ajudar aos sábados." },
      false,
    );
    await press(page, "Criar conta", false);
    // The progress screen's refresh tag goes on to the application form.
    await page.waitForURL(`${server.url}/app/seja-voluntario?id=${institution.id}`, {
      timeout: 30_000,
    });
    await page.getByRole("button", { name: "Enviar candidatura" }).waitFor();
  });

  it("a signed-in institution sees plainly in whose name the application would go", async () => {
    const client = await signedInClient(server, server.accounts.otherInstitution);
    const { page } = await phonePage(browser, client);
    await page.goto(`${server.url}/app/seja-voluntario?id=${server.accounts.institution.id}`);
    await page
      .getByText(/Você entrou com a conta de uma instituição: a candidatura vai em nome dela/)
      .waitFor();
    await page.getByText(server.accounts.otherInstitution.name, { exact: true }).first().waitFor();
  });
});

describe("the wizard's steps are history entries", () => {
  it("back and forward move between steps with their values; Voltar keeps the terms ticked", async () => {
    const { page, problems } = await phonePage(browser);
    const options = { baseUrl: server.url, js: true };
    const email = uniqueEmail("historico");
    await chooseProfile(page, "VOLUNTEER", options);
    expect(new URL(page.url()).searchParams.get("etapa")).toBe("2");
    await fillCredentials(page, email, options);
    await waitForStep(page, "Conte um pouco sobre você", true);
    expect(new URL(page.url()).searchParams.get("etapa")).toBe("3");
    // A photo chosen (uploaded at once), then the step left through history without posting it.
    await choosePicture(page, "Foto de perfil", photo, true);

    // The phone's back gesture: the credentials again, as typed, the terms still ticked.
    await page.goBack();
    await waitForStep(page, "Crie sua conta", true);
    expect(await page.getByLabel("E-mail", { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel("Telefone", { exact: true }).inputValue()).toMatch(/98765-?4321$/);
    expect(await page.getByRole("checkbox", { name: /Li e aceito/ }).isChecked()).toBe(true);
    await page.getByText("Sua senha já foi definida. Preencha só se quiser trocá-la.").waitFor();

    // Back once more: the profile type chosen; forward twice: the profile step again.
    await page.goBack();
    await waitForStep(page, "Escolha o tipo de cadastro", true);
    expect(await page.getByRole("radio", { name: /^Voluntário/ }).isChecked()).toBe(true);
    await page.goForward();
    await waitForStep(page, "Crie sua conta", true);
    await page.goForward();
    await waitForStep(page, "Conte um pouco sobre você", true);
    // The photo chosen before is still there.
    const photoGroup = page.getByRole("group", { name: "Foto de perfil", exact: true });
    await photoGroup.getByRole("button", { name: "Alterar foto" }).waitFor();
    expect(await photoGroup.locator("img").first().getAttribute("src")).toMatch(/^\/auth\/fotos\//);

    // "Voltar" keeps what was typed on the step it leaves, and the step before with its tick.
    await page.getByLabel("Nome", { exact: true }).fill("Rita Alves");
    await press(page, "Voltar", true);
    await waitForStep(page, "Crie sua conta", true);
    expect(await page.getByRole("checkbox", { name: /Li e aceito/ }).isChecked()).toBe(true);
    await press(page, "Próximo", true);
    await waitForStep(page, "Conte um pouco sobre você", true);
    expect(await page.getByLabel("Nome", { exact: true }).inputValue()).toBe("Rita Alves");
    expect(problems()).toEqual([]);
  });

  it("an address for a step not reached yet shows where the person left off", async () => {
    const { page } = await phonePage(browser);
    await page.goto(`${server.url}/auth/cadastro?etapa=3`);
    await waitForStep(page, "Escolha o tipo de cadastro", true);
    expect(new URL(page.url()).searchParams.get("etapa")).toBe("1");
    await press(page, "Próximo", true);
    await waitForStep(page, "Crie sua conta", true);
    await page.goto(`${server.url}/auth/cadastro?etapa=4`);
    await waitForStep(page, "Crie sua conta", true);
    expect(new URL(page.url()).searchParams.get("etapa")).toBe("2");
    // Password confirmation still needed: the draft has none on file yet.
    await page.getByLabel("Senha", { exact: true }).fill(VALID_PASSWORD);
    expect(await heading(page, "Crie sua conta").count()).toBe(1);
  });
});

describe("messages that name their field", () => {
  /** Each field's label and the message it must show beside it, in the form's order. */
  const EVENT_FIELDS: [string, string][] = [
    ["Nome do evento", "Informe o nome."],
    ["Data do evento", "Informe a data do evento."],
    ["Resumo", "Escreva o resumo."],
    ["Sobre o evento", "Escreva o texto “Sobre”."],
    ["Logradouro", "Informe o logradouro."],
    ["Número", "Informe o número."],
    ["Bairro", "Informe o bairro."],
  ];

  /** The field is marked invalid and its own message is what describes it. */
  async function expectNamed(page: Page, label: string, message: string): Promise<void> {
    const field = page.getByLabel(label, { exact: true });
    expect(await field.getAttribute("aria-invalid"), label).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" "),
      describedBy,
    );
    expect(description, label).toContain(message);
  }

  it.each([true, false])(
    "an empty event form names every missing field beside the spec's message (JavaScript %s)",
    async (js) => {
      const client = await signedInClient(server, server.accounts.institution);
      const { page } = await phonePage(browser, client, { js });
      await page.goto(`${server.url}/app/novo-evento`);
      if (js) await page.getByRole("button", { name: "Enviar foto" }).waitFor();
      const submit = page.getByRole("button", { name: "Criar evento" });
      await Promise.all([
        js ? Promise.resolve() : page.waitForResponse((r) => r.request().method() === "POST"),
        submit.click(),
      ]);
      await page.getByText("Informe todos os dados", { exact: true }).waitFor();
      for (const [label, message] of EVENT_FIELDS) await expectNamed(page, label, message);
      await page.getByText("Adicione uma foto de capa.", { exact: true }).waitFor();
      await page.getByText("Selecione o estado e a cidade.", { exact: true }).waitFor();
      // The complement is optional: no message.
      expect(
        await page.getByLabel("Complemento", { exact: true }).getAttribute("aria-invalid"),
      ).toBeNull();
      if (js) {
        // Filling one field takes its message away; the others stay.
        await page.getByLabel("Nome do evento", { exact: true }).fill("Mutirão de limpeza");
        expect(
          await page.getByLabel("Nome do evento", { exact: true }).getAttribute("aria-invalid"),
        ).toBeNull();
        await expectNamed(page, "Bairro", "Informe o bairro.");
        await expectNoAxeViolations(page, "the event form with a message per field");
        await bothWidths(page, "evento-mensagens-por-campo");
      }
    },
  );

  it("the application form names each empty field beside “Preencha todos os campos”", async () => {
    const client = await signedInClient(server, server.accounts.otherInstitution);
    const { page } = await phonePage(browser, client);
    await page.goto(`${server.url}/app/seja-voluntario?id=${server.accounts.institution.id}`);
    await page.getByRole("button", { name: "Enviar candidatura" }).waitFor();
    for (const label of ["E-mail para resposta", "Telefone"]) {
      await page.getByLabel(label, { exact: true }).fill("");
    }
    await page.getByLabel("Conte sobre você e por que quer ajudar", { exact: true }).fill("");
    await page.getByRole("button", { name: "Enviar candidatura" }).click();
    await page.getByText("Preencha todos os campos", { exact: true }).waitFor();
    await expectNamed(page, "E-mail para resposta", "Informe o e-mail para resposta.");
    await expectNamed(page, "Telefone", "Informe o número de telefone.");
    await expectNamed(
      page,
      "Conte sobre você e por que quer ajudar",
      "Conte sobre você e por que quer ajudar.",
    );
  });
});
